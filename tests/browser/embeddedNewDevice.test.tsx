import { afterEach, describe, expect, it } from 'vitest'
import { commands, page } from 'vitest/browser'
import { AccountController } from '../../src/controllers/AccountController'
import { ModalController } from '../../src/controllers/ModalController'
import type { Portico } from '../../src/createPortico'
import { closeEmbeddedPage, codeOf, freshEmail, lastMailId, nextMail, signInByEmail, startEmbeddedApp } from './embeddedHarness'
import { dialog } from './modalHarness'

let portico: Portico | undefined

afterEach(() => {
  closeEmbeddedPage(portico)
  portico = undefined
  localStorage.clear()
})

/**
 * A second device, in one browser: Vitest's browser mode gives a test one page, not a second
 * browser context. What makes a device known to the embedded wallet is the secure origin's own
 * storage (its device id in localStorage, the sealed key in IndexedDB), so between the two
 * phases that storage is emptied from inside the secure site's frame (a Playwright command), and
 * the app's page starts over with empty storage too.
 */
describe('embedded wallet: a new device is approved by the link in the mail', () => {
  it('on a second device the modal asks for the link; opened from the real mail, it goes on to the code and connects the same address', async () => {
    // Device 1: an ordinary first login, which creates the account and its key.
    portico = await startEmbeddedApp()
    const email = freshEmail('device')
    const address = await signInByEmail(email)

    const forgotten = await commands.secureSiteForgetDevice()
    expect(forgotten.deviceBefore).toMatch(/^[0-9a-f-]{36}$/)
    expect(forgotten.keysAfter).toEqual([])
    expect(forgotten.databasesAfter).not.toContain('portico-secure-site')
    closeEmbeddedPage(portico)
    localStorage.clear()

    // Device 2: the same address again.
    portico = await startEmbeddedApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('textbox', { name: 'Email' }).fill(email)
    const beforeLink = await lastMailId(email)
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
    // The login's code went out moments ago: one mail per address per 30 s, then the link.
    const limit = dialog().getByRole('alert')
    await expect.element(limit).toHaveTextContent(/^Please try again after ([1-2]?[0-9]|30) seconds$/)
    const wait = Number(/after (\d+) seconds/.exec(limit.element().textContent ?? '')![1])
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 500))
    await dialog().getByRole('button', { name: 'Try again' }).click()

    // EmailVerifyDevice: the link is in the inbox, the modal waits for it.
    await expect.element(dialog().getByRole('heading', { name: 'Register this device' })).toBeVisible()
    await expect.element(dialog().getByText(/We sent a link to .* Open it on any device to approve this one; the code follows\./)).toBeVisible()
    await expect.element(dialog().getByRole('status').filter({ hasText: 'Waiting for the approval from your inbox…' })).toBeVisible()
    const linkMail = await nextMail(email, beforeLink)
    expect(linkMail.subject).toBe('Approve your new device')
    const link = /(http:\/\/\S+\/v1\/embedded\/device\/approve\?\S+)/.exec(linkMail.text)?.[1]
    expect(link).toBeDefined()
    expect(AccountController.getAccount('eip155')).toBeUndefined()

    // Opened in another tab, as from a mail client: the device is approved and the code follows.
    const opened = await commands.openLink(link!)
    expect(opened).toEqual({ status: 200, text: expect.stringContaining('This device is approved.') })
    await expect.element(dialog().getByRole('textbox', { name: 'Six-digit code' }), { timeout: 20_000 }).toBeVisible()
    await dialog().getByRole('textbox', { name: 'Six-digit code' }).fill(codeOf(await nextMail(email, linkMail.id)))
    await dialog().getByRole('button', { name: 'Verify' }).click()
    await expect.poll(() => ModalController.state.open, { timeout: 20_000 }).toBe(false)

    // The same account: its key came to this device after the approval.
    expect(AccountController.getAccount('eip155')?.address).toBe(address)
    // The link works once.
    expect((await commands.openLink(link!)).status).toBe(410)
  }, 90_000)
})
