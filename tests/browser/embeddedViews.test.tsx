import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import { createAccountController } from '../../src/controllers/AccountController'
import { createModalController } from '../../src/controllers/ModalController'
import type { View } from '../../src/controllers/RouterController'
import { createThemeController, type ThemeMode } from '../../src/controllers/ThemeController'
import type { Portico } from '../../src/createPortico'
import { truncateEmail } from '../../src/ui/format/truncate'
import { axeOnPage, codeOf, freshEmail, lastMailId, nextMail, signInByEmail, startEmbeddedApp } from './embeddedHarness'
import { dialog, modalRoot, resetStores, viewShown } from './modalHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ModalController = testStore(createModalController)
const ThemeController = testStore(createThemeController)

let portico: Portico | undefined

afterEach(async () => {
  portico?.destroy()
  portico = undefined
  await cleanup()
  ModalController.state.open = false
  resetStores()
  for (const frame of document.querySelectorAll('iframe[data-portico-embedded]')) frame.remove()
  localStorage.clear()
})

const LONG = 'a-very-long-mailbox-name-for-testing@subdomain.example.com'
const CASES: { name: string; view: View; data?: Record<string, string>; text: RegExp }[] = [
  { name: 'email-login', view: 'EmailLogin', text: /Email address/ },
  { name: 'email-verify-otp', view: 'EmailVerifyOtp', data: { email: LONG }, text: new RegExp(`Enter the code we sent to ${truncateEmail(LONG)}`) },
  { name: 'email-verify-device', view: 'EmailVerifyDevice', data: { email: LONG }, text: /Start with your email address|Waiting/ },
  { name: 'update-email', view: 'UpdateEmailWallet', text: /New email address/ },
  { name: 'update-email-primary', view: 'UpdateEmailPrimaryOtp', data: { email: 'me@example.com', newEmail: 'new@example.com' }, text: /current address, me@example.com/ },
  { name: 'update-email-secondary', view: 'UpdateEmailSecondaryOtp', data: { email: 'me@example.com', newEmail: 'new@example.com' }, text: /new address, new@example.com/ },
]

describe.each(['light', 'dark'] as ThemeMode[])('embedded wallet views, %s theme', (mode) => {
  it.each(CASES)('$name has no axe violations', async ({ name, view, data, text }) => {
    portico = await startEmbeddedApp()
    ThemeController.setThemeMode(mode)
    portico.open({ view, ...(data && { data }) })
    await viewShown(view)
    await expect.poll(() => modalRoot().textContent ?? '', { timeout: 20_000 }).toMatch(text)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await axeOnPage()).toEqual([])
    await page.screenshot({ path: `../artifacts/embedded-${name}-${mode}.png` })
  })
})

describe('embedded wallet: email change', () => {
  it('changes the email with a code to each address; the first send waits out the 30 s since the login mail', async () => {
    portico = await startEmbeddedApp()
    const email = freshEmail('change')
    const newEmail = freshEmail('changed')
    const address = await signInByEmail(email)

    portico.open()
    await dialog().getByRole('button', { name: 'Change email' }).click()
    await dialog().getByRole('textbox', { name: 'New email address' }).fill(newEmail)
    const afterLogin = await lastMailId(email)
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
    // The login mail went out moments ago: one mail per address per 30 s.
    // The field's own alert: on a loaded CI machine an unrelated alert row can be up as well.
    const fieldError = dialog().getByRole('alert').filter({ hasText: /^Please try again after/ })
    await expect.element(fieldError).toHaveTextContent(/^Please try again after ([1-2]?[0-9]|30) seconds$/)
    const wait = Number(/after (\d+) seconds/.exec(fieldError.element().textContent ?? '')![1])
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 500))
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await dialog().getByRole('textbox', { name: 'Six-digit code' }).fill(codeOf(await nextMail(email, afterLogin)))
    await dialog().getByRole('button', { name: 'Verify' }).click()
    await expect.element(dialog().getByText(/current address|new address/)).toHaveTextContent(/new address/)
    await dialog().getByRole('textbox', { name: 'Six-digit code' }).fill(codeOf(await nextMail(newEmail)))
    await dialog().getByRole('button', { name: 'Verify' }).click()
    // The old and new addresses share their first 30 characters here, so wait for the stored
    // email itself rather than for the truncated text.
    await expect.poll(() => localStorage.getItem('@portico/connected_email'), { timeout: 20_000 }).toBe(newEmail)
    expect(modalRoot().textContent ?? '').toContain(truncateEmail(newEmail))
    // The same account, now under the new address.
    expect(AccountController.getAccount('eip155')!.address).toBe(address)
  }, 90_000)
})
