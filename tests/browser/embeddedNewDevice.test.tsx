import { afterEach, describe, expect, it } from 'vitest'
import { commands, page } from 'vitest/browser'
import { createAccountController } from '../../src/controllers/AccountController'
import { createModalController } from '../../src/controllers/ModalController'
import type { Portico } from '../../src/createPortico'
import { closeEmbeddedPage, codeOf, freshEmail, lastMailId, nextMail, signInByEmail, startEmbeddedApp } from './embeddedHarness'
import { dialog } from './modalHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ModalController = testStore(createModalController)

let portico: Portico | undefined

afterEach(async () => {
  await closeEmbeddedPage(portico)
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
describe('embedded wallet: a new device gets a code of its own, as any address does', () => {
  it('on a second device the modal asks for a code, as for an address never seen; the code connects the same address', async () => {
    // Device 1: an ordinary first login, which creates the account and its key.
    portico = await startEmbeddedApp()
    const email = freshEmail('device')
    const address = await signInByEmail(email)

    const forgotten = await commands.secureSiteForgetDevice()
    expect(forgotten.deviceBefore).toMatch(/^[0-9a-f-]{36}$/)
    expect(forgotten.keysAfter).toEqual([])
    expect(forgotten.databasesAfter).not.toContain('portico-secure-site')
    await closeEmbeddedPage(portico)
    localStorage.clear()

    // Device 2: the same address again.
    portico = await startEmbeddedApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('textbox', { name: 'Email' }).fill(email)
    const before = await lastMailId(email)
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
    // The login's code went out moments ago: one mail per address per 30 s.
    const limit = dialog().getByRole('alert')
    await expect.element(limit).toHaveTextContent(/^Please try again after ([1-2]?[0-9]|30) seconds$/)
    const wait = Number(/after (\d+) seconds/.exec(limit.element().textContent ?? '')![1])
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 500))
    await dialog().getByRole('button', { name: 'Try again' }).click()

    // The code screen, as for any address: nothing here says that the account exists.
    const field = dialog().getByRole('textbox', { name: 'Six-digit code' })
    await expect.element(field).toBeVisible()
    expect(dialog().getByRole('heading', { name: 'Register this device' }).query()).toBeNull()
    const mail = await nextMail(email, before)
    expect(mail.subject).toMatch(/^Your code: [0-9]{6}$/)
    expect(AccountController.getAccount('eip155')).toBeUndefined()
    await field.fill(codeOf(mail))
    await dialog().getByRole('button', { name: 'Verify' }).click()
    await expect.poll(() => ModalController.state.open, { timeout: 20_000 }).toBe(false)

    // The same account (its key's recovery on this device: tests/browser/embeddedKeyCustody).
    expect(AccountController.getAccount('eip155')?.address).toBe(address)
  }, 90_000)
})
