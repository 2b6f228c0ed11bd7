import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { embeddedWallet } from '../../src/connectors/embedded/embeddedWallet'
import { createAccountController } from '../../src/controllers/AccountController'
import type { Portico } from '../../src/createPortico'
import { closeEmbeddedPage, codeOf, freshEmail, lastMailId, networks, nextMail, stack } from './embeddedHarness'
import { closeHeadlessApp, modalMounted, startHeadlessApp } from './headlessHarness'
import { EmailByConnect } from './headlessHooks'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)

let portico: Portico | undefined

afterEach(async () => {
  await closeEmbeddedPage(portico)
  await closeHeadlessApp(undefined)
  portico = undefined
})

const start = (extra?: React.ReactNode) => startHeadlessApp({ networks, apiUrl: stack.backendUrl, projectId: 'portico-embedded', discoverWallets: false, connectors: [embeddedWallet({ secureSiteUrl: stack.secureSiteUrl })] }, extra)

describe('examples/headless: the email login in its own form, without the modal', () => {
  it('refuses a malformed address with its code, then logs in with the code read from the real mail', async () => {
    portico = await start()
    const form = page.getByRole('form', { name: 'Email login' })
    await form.getByRole('textbox', { name: 'Email' }).fill('not-an-address')
    await form.getByRole('button', { name: 'Continue' }).click()
    await expect.element(form.getByRole('alert')).toHaveTextContent('Not an email address: not-an-address')

    const email = freshEmail('headless')
    const before = await lastMailId(email)
    await form.getByRole('textbox', { name: 'Email' }).fill(email)
    await form.getByRole('button', { name: 'Continue' }).click()
    const code = form.getByRole('textbox', { name: `Code sent to ${email}` })
    await expect.element(code, { timeout: 20_000 }).toBeVisible()

    // A second code within 30 s: refused here, before the backend is asked.
    await form.getByRole('button', { name: 'Resend code' }).click()
    await expect.element(form.getByRole('alert')).toHaveTextContent(/^Another code can be sent in \d+ s$/)

    await code.fill(codeOf(await nextMail(email, before)))
    await form.getByRole('button', { name: 'Verify' }).click()
    const address = page.getByRole('region', { name: 'Account' }).getByRole('status', { name: 'Address' })
    await expect.element(address, { timeout: 20_000 }).toHaveTextContent(/^0x[0-9a-fA-F]{40}$/)
    expect(address.element().textContent).toBe(AccountController.getAccount('eip155')?.address)
    expect(modalMounted()).toBe(false)
  })

  it("follows a login that useConnect({ email }) started: the example's form asks for the code, holds back a resend for 30 s, and the code connects", async () => {
    const email = freshEmail('headless-connect')
    portico = await start(<EmailByConnect email={email} />)
    const before = await lastMailId(email)
    await page.getByRole('region', { name: 'Email by useConnect' }).getByRole('button', { name: 'Send the code' }).click()
    // The example's own form, which never saw the address typed, is at the code step of that login.
    const form = page.getByRole('form', { name: 'Email login' })
    const code = form.getByRole('textbox', { name: `Code sent to ${email}` })
    await expect.element(code, { timeout: 20_000 }).toBeVisible()
    await expect.element(page.getByRole('status', { name: 'Email status' })).toHaveTextContent('idle')
    await form.getByRole('button', { name: 'Resend code' }).click()
    await expect.element(form.getByRole('alert')).toHaveTextContent(/^Another code can be sent in (2\d|30) s$/)

    await code.fill(codeOf(await nextMail(email, before)))
    await form.getByRole('button', { name: 'Verify' }).click()
    const address = page.getByRole('region', { name: 'Account' }).getByRole('status', { name: 'Address' })
    await expect.element(address, { timeout: 20_000 }).toHaveTextContent(/^0x[0-9a-fA-F]{40}$/)
    expect(modalMounted()).toBe(false)
  })
})
