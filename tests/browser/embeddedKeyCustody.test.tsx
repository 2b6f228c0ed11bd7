import { afterEach, describe, expect, it } from 'vitest'
import { commands, page } from 'vitest/browser'
import { toHex, verifyMessage, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createAccountController } from '../../src/controllers/AccountController'
import { createModalController } from '../../src/controllers/ModalController'
import type { Portico } from '../../src/createPortico'
import { answerInSecureSite, chainA, closeEmbeddedPage, codeOf, freshEmail, lastMailId, nextMail, signInByEmail, stack, startEmbeddedApp } from './embeddedHarness'
import { dialog } from './modalHarness'
import type { SecondAppReply } from '../support/secondAppCommands'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ModalController = testStore(createModalController)

let portico: Portico | undefined
const accountUrl = `${stack.secureSiteUrl}account.html?projectId=portico-embedded&appOrigin=${encodeURIComponent(location.origin)}`
/** The secure origin's storage keys of this app origin's device id and session. */
const DEVICE_ID = `portico-secure/device-id@${location.origin}`
const SESSION = `portico-secure/session@${location.origin}`
const PASSWORD = 'a long recovery passphrase'

afterEach(async () => {
  await closeEmbeddedPage(portico)
  portico = undefined
  localStorage.clear()
  await commands.accountPageClose()
})

/** A login on a device the account has not seen: a code for this device, as for any address (one mail per 30 s: waits its turn). */
async function signInOnNewDevice(email: string): Promise<Address> {
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await dialog().getByRole('textbox', { name: 'Email' }).fill(email)
  const before = await lastMailId(email)
  await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
  const limit = dialog().getByRole('alert')
  const field = dialog().getByRole('textbox', { name: 'Six-digit code' })
  await expect.poll(() => field.query() !== null || limit.query() !== null, { timeout: 20_000 }).toBe(true)
  if (limit.query()) {
    const wait = Number(/after (\d+) seconds/.exec(limit.element().textContent ?? '')?.[1] ?? 0)
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 500))
    await dialog().getByRole('button', { name: 'Try again' }).click()
  }
  await expect.element(field, { timeout: 20_000 }).toBeVisible()
  await field.fill(codeOf(await nextMail(email, before)))
  await dialog().getByRole('button', { name: 'Verify' }).click()
  await expect.poll(() => ModalController.state.open, { timeout: 20_000 }).toBe(false)
  return AccountController.getAccount('eip155')!.address as Address
}

/** personal_sign approved in the secure site's window, checked here with viem. */
async function signs(address: Address) {
  const message = `Key custody check ${Date.now()}`
  const signing = portico!.getProvider('eip155')!.request({ method: 'personal_sign', params: [toHex(message), address] }) as Promise<Hex>
  await answerInSecureSite('Approve', 'Sign message')
  return verifyMessage({ address, message, signature: await signing })
}

/** Leaves this device: the app's page closes, and the secure origin forgets its device id and session (returned, to come back). */
async function leaveDevice(): Promise<Record<string, string>> {
  const saved = await commands.secureSiteSwitchDevice()
  await closeEmbeddedPage(portico)
  localStorage.clear()
  portico = await startEmbeddedApp()
  return saved
}

describe('embedded wallet: the key is split, a new device recovers it, a revoked device cannot sign', () => {
  it('protects the recovery share with a passkey and a password; a second device recovers by passkey, a third by password, the same address signs; the third revokes the first', async () => {
    portico = await startEmbeddedApp()
    const email = freshEmail('custody')
    const address = await signInByEmail(email)
    // The Account view links to the secure site's own account page.
    portico.open()
    await expect.element(dialog().getByRole('link', { name: 'Wallet security' })).toHaveAttribute('href', accountUrl)
    ModalController.close()
    await expect.poll(() => ModalController.state.open).toBe(false)

    // Device 1: the account page (the secure origin's own tab) seals the recovery share with a passkey, then a password too.
    const first = await commands.accountPageOpen(accountUrl)
    expect(first).toContain(`Account ${address} (${email})`)
    expect(first).toContain('Protect your wallet')
    expect(first).not.toContain('Recover this device')
    // After a reload of the page, protection is still offered (nothing of it was kept on the device).
    expect(await commands.accountPageOpen(accountUrl)).toContain('Protect your wallet')
    await commands.accountPageClick('Create a passkey')
    expect(await commands.accountPageOutcome()).toMatchObject({ status: 'Your wallet can be recovered with this passkey', alert: '' })
    expect(await commands.accountPagePasskeys()).toBe(1)
    await commands.accountPageFill('New recovery password', 'short')
    await commands.accountPageClick('Set recovery password')
    expect(await commands.accountPageOutcome()).toMatchObject({ status: '', alert: 'A recovery password needs at least 10 characters' })
    await commands.accountPageFill('New recovery password', PASSWORD)
    await commands.accountPageClick('Set recovery password')
    expect(await commands.accountPageOutcome()).toMatchObject({ status: 'Your wallet can be recovered with this password', alert: '' })
    // Each protection split the key afresh: the device still keeps its one share, and signs with it.
    expect(((await commands.secureSiteVaultEntries()) as string[]).filter((entry) => entry.endsWith(`:${address.toLowerCase()}`))).toHaveLength(1)
    const protectedPage = await commands.accountPageOpen(accountUrl)
    expect(protectedPage).toContain('(this device), added')
    expect(protectedPage).toContain('holds the recovery share')
    expect(protectedPage).not.toContain('Protect your wallet')
    expect(await signs(address)).toBe(true)
    const device1 = await leaveDevice()

    // Device 2: logged in, it knows the address but cannot sign until it recovers; by passkey.
    expect(await signInOnNewDevice(email)).toBe(address)
    const signing = portico.getProvider('eip155')!.request({ method: 'personal_sign', params: [toHex('before recovery'), address] })
    await answerInSecureSite('Approve', 'Sign message')
    await expect(signing).rejects.toThrow(/This device holds no share of the key yet: recover your wallet/)
    expect(await commands.accountPageOpen(accountUrl)).toContain('Recover this device')
    await commands.accountPageClick('Recover with passkey')
    expect(await commands.accountPageOutcome()).toMatchObject({ status: `This device can sign again for ${address}`, alert: '' })
    expect(await signs(address)).toBe(true)
    await leaveDevice()

    // Device 3: by password (a wrong one first).
    expect(await signInOnNewDevice(email)).toBe(address)
    await commands.accountPageOpen(accountUrl)
    await commands.accountPageFill('Recovery password', 'not the passphrase')
    await commands.accountPageClick('Recover with password')
    expect(await commands.accountPageOutcome()).toMatchObject({ status: '', alert: 'Wrong recovery password' })
    await commands.accountPageFill('Recovery password', PASSWORD)
    await commands.accountPageClick('Recover with password')
    expect(await commands.accountPageOutcome()).toMatchObject({ status: `This device can sign again for ${address}`, alert: '' })
    expect(await signs(address)).toBe(true)

    // Device 3 revokes device 1 from the account page; device 1's session and share are gone with it.
    const name = `Device ${device1[DEVICE_ID]!.slice(0, 8)}`
    const list = await commands.accountPageOpen(accountUrl)
    expect(list).toContain(`${name}, added`)
    expect(list).toMatch(/\(this device\)/)
    await commands.accountPageClick(`Revoke ${name}`)
    expect(await commands.accountPageOutcome()).toMatchObject({ status: `${name} is revoked: it can no longer sign`, alert: '' })
    expect((await commands.accountPageOpen(accountUrl))).not.toContain(name)

    // Device 1 comes back (its storage and vault as it left them) and tries to sign: refused.
    await commands.secureSiteSwitchDevice(device1)
    await closeEmbeddedPage(portico)
    portico = await startEmbeddedApp()
    const token = (JSON.parse(device1[SESSION]!) as { token: string }).token
    const share = await fetch(`${stack.backendUrl}/v1/embedded/shares/auth?projectId=portico-embedded`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    expect({ status: share.status, body: await share.json() }).toEqual({ status: 401, body: { error: 'Session revoked: sign in again', code: 'JWT_TOKEN_NOT_VALID' } })
    await expect.poll(() => AccountController.getAccount('eip155'), { timeout: 10_000 }).toBeUndefined()
  }, 240_000)

  it('keeps one share on a device whose recovery is not protected: revoked, it can neither sign nor rebuild the key', async () => {
    portico = await startEmbeddedApp()
    const email = freshEmail('unprotected')
    const address = await signInByEmail(email)
    const sharesOf = async () => ((await commands.secureSiteVaultEntries()) as string[]).filter((entry) => entry.endsWith(`:${address.toLowerCase()}`))
    // The first login split the key: this device keeps its device share only, and no recovery share beside it.
    const held = await sharesOf()
    expect(held).toHaveLength(1)
    expect(held[0]).toMatch(/^device-share:[0-9a-f-]{36}:0x[0-9a-f]{40}$/)
    expect(await signs(address)).toBe(true)
    expect(await sharesOf()).toEqual(held)
    // Still unprotected after the page reloads: protection is offered, the vault is unchanged.
    expect(await commands.accountPageOpen(accountUrl)).toContain('Protect your wallet')
    expect(await commands.accountPageOpen(accountUrl)).toContain('Protect your wallet')
    expect(await sharesOf()).toEqual(held)
    await commands.accountPageClose()
    const device1 = await leaveDevice()

    // Device 2 signs in (it cannot recover: no recovery was set up) and revokes device 1.
    expect(await signInOnNewDevice(email)).toBe(address)
    const name = `Device ${device1[DEVICE_ID]!.slice(0, 8)}`
    expect(await commands.accountPageOpen(accountUrl)).toContain(`${name}, added`)
    await commands.accountPageClick(`Revoke ${name}`)
    expect(await commands.accountPageOutcome()).toMatchObject({ status: `${name} is revoked: it can no longer sign`, alert: '' })

    // Device 1 comes back with its storage and vault: one share, and the backend releases no other to it.
    await commands.secureSiteSwitchDevice(device1)
    await closeEmbeddedPage(portico)
    portico = await startEmbeddedApp()
    expect(await sharesOf()).toEqual(held)
    const token = (JSON.parse(device1[SESSION]!) as { token: string }).token
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const refused = { error: 'Session revoked: sign in again', code: 'JWT_TOKEN_NOT_VALID' }
    const auth = await fetch(`${stack.backendUrl}/v1/embedded/shares/auth?projectId=portico-embedded`, { method: 'POST', headers })
    expect({ status: auth.status, body: await auth.json() }).toEqual({ status: 401, body: refused })
    const recovery = await fetch(`${stack.backendUrl}/v1/embedded/recovery?projectId=portico-embedded`, { headers })
    expect({ status: recovery.status, body: await recovery.json() }).toEqual({ status: 401, body: refused })
    const recoveryAuth = await fetch(`${stack.backendUrl}/v1/embedded/recovery/auth?projectId=portico-embedded`, { method: 'POST', headers, body: JSON.stringify({ deviceId: device1[DEVICE_ID] }) })
    expect({ status: recoveryAuth.status, body: await recoveryAuth.json() }).toEqual({ status: 401, body: refused })
    // Its session is gone, so the app has no account to sign with.
    await expect.poll(() => AccountController.getAccount('eip155'), { timeout: 10_000 }).toBeUndefined()
  }, 180_000)

  it('exports the key on the account page only, after a fresh code and a confirmed reveal', async () => {
    portico = await startEmbeddedApp()
    const email = freshEmail('export')
    const address = await signInByEmail(email)
    const before = await lastMailId(email)
    expect(await commands.accountPageOpen(accountUrl)).toContain('Export private key')
    await commands.accountPageClick('Send me a code')
    let sent = await commands.accountPageOutcome()
    // The login's code went out moments ago: one mail per address per 30 s.
    const wait = /^Please try again after (\d+) seconds$/.exec(sent.alert)?.[1]
    if (wait) {
      await new Promise((resolve) => setTimeout(resolve, Number(wait) * 1000 + 500))
      await commands.accountPageClick('Send me a code')
      sent = await commands.accountPageOutcome()
    }
    expect(sent).toMatchObject({ status: 'We sent a code to your email', alert: '', privateKey: '' })
    const code = codeOf(await nextMail(email, before))
    await commands.accountPageFill('Code', code === '000000' ? '111111' : '000000')
    await commands.accountPageClick('Confirm code')
    expect(await commands.accountPageOutcome()).toMatchObject({ alert: 'Wrong code: 4 attempts left', privateKey: '' })
    await commands.accountPageFill('Code', code)
    await commands.accountPageClick('Confirm code')
    expect(await commands.accountPageOutcome()).toMatchObject({ status: 'Code confirmed', alert: '', privateKey: '' })
    await commands.accountPageCheck('I understand that anyone who sees this key controls the wallet')
    await commands.accountPageClick('Reveal private key')
    const shown = await commands.accountPageOutcome()
    expect(shown.status).toBe('Your private key is shown below. Keep it offline.')
    expect(privateKeyToAccount(shown.privateKey as Hex).address).toBe(address)
    // The app's origin never held it.
    expect(JSON.stringify({ ...localStorage })).not.toContain(shown.privateKey.slice(2))
  }, 90_000)

  it('gives each app origin its own device share: a second app on the same site signs in but cannot sign with the first app\'s share, and its sign-out leaves the first app signing', async () => {
    portico = await startEmbeddedApp()
    const email = freshEmail('origins')
    const address = await signInByEmail(email)
    expect(await signs(address)).toBe(true)
    // The second app (another port of this host: same site, same storage) is a device of its own.
    const replies: SecondAppReply[] = await commands.secondAppSession({ secureSiteUrl: stack.secureSiteUrl, mailSinkUrl: stack.mailSinkUrl, projectId: 'portico-embedded', chainId: chainA.id, email, address })
    const answered = replies.filter((reply) => reply.type !== 'CONNECT_EMAIL_ERROR')
    expect(answered.map((reply) => `${reply.name} ${reply.type}`)).toEqual([
      'CONNECT_EMAIL CONNECT_EMAIL_SUCCESS', 'CONNECT_OTP CONNECT_OTP_SUCCESS', 'GET_USER GET_USER_SUCCESS', 'RPC_REQUEST RPC_REQUEST_ERROR', 'SIGN_OUT SIGN_OUT_SUCCESS',
    ])
    expect(answered[2]!.payload).toMatchObject({ email, address })
    expect(JSON.stringify(answered[3]!.payload)).toMatch(/This device holds no share of the key yet: recover your wallet/)
    // The first app's share was neither used nor removed: it still signs, and stays signed in.
    expect(await signs(address)).toBe(true)
    expect(AccountController.getAccount('eip155')?.address).toBe(address)
  }, 120_000)

  it('refuses a code verified from another device than the one it was sent for', async () => {
    portico = await startEmbeddedApp()
    const email = freshEmail('bound')
    const before = await lastMailId(email)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('textbox', { name: 'Email' }).fill(email)
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
    const code = codeOf(await nextMail(email, before))
    // Another device uses the code: the secure origin now has another device id.
    const left = await commands.secureSiteSwitchDevice()
    expect(left[DEVICE_ID]).toMatch(/^[0-9a-f-]{36}$/)
    await dialog().getByRole('textbox', { name: 'Six-digit code' }).fill(code)
    await dialog().getByRole('button', { name: 'Verify' }).click()
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('This code was sent for another device: request a code on this one')
    expect(AccountController.getAccount('eip155')).toBeUndefined()
  })
})
