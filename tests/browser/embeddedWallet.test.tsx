import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import { createPublicClient, http, parseEther, toHex, verifyMessage, type Address, type Hex } from 'viem'
import { createAccountController } from '../../src/controllers/AccountController'
import { createModalController } from '../../src/controllers/ModalController'
import { STORAGE_KEYS } from '../../src/controllers/StorageKeys'
import { embeddedWallet } from '../../src/connectors/embedded/embeddedWallet'
import type { Portico } from '../../src/createPortico'
import { answerInSecureSite, chainA, codeOf, fund, lastMailId, nextMail, freshEmail, startEmbeddedApp, stack } from './embeddedHarness'
import { dialog, resetStores } from './modalHarness'
import { connectorContext } from '../../src/controllers/connection/connectorContext'
import { testStore, running } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ModalController = testStore(createModalController)

const node = createPublicClient({ transport: http(chainA.rpcUrl) })
let portico: Portico | undefined

/** Closes the app like a page going away: the app, its stores and the frame; the secure origin keeps its storage. */
async function closePage(): Promise<void> {
  portico?.destroy()
  portico = undefined
  await cleanup()
  ModalController.state.open = false
  resetStores()
  for (const frame of document.querySelectorAll('iframe[data-portico-embedded]')) frame.remove()
}

afterEach(async () => {
  await closePage()
  localStorage.clear()
})

/** Connect wallet → email → Continue; resolves at the code step with the time it took. */
async function startEmailLogin(email: string): Promise<number> {
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await dialog().getByRole('textbox', { name: 'Email' }).fill(email)
  const started = performance.now()
  await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
  await expect.element(dialog().getByRole('textbox', { name: 'Six-digit code' }), { timeout: 20_000 }).toBeVisible()
  return performance.now() - started
}

async function signInByEmail(email: string): Promise<Address> {
  const before = await lastMailId(email)
  const ms = await startEmailLogin(email)
  const mail = await nextMail(email, before)
  await dialog().getByRole('textbox', { name: 'Six-digit code' }).fill(codeOf(mail))
  await dialog().getByRole('button', { name: 'Verify' }).click()
  await expect.poll(() => ModalController.state.open, { timeout: 20_000 }).toBe(false)
  console.log(`[measure] "Continue" with an email → code step: ${ms.toFixed(0)} ms (first frame load included)`)
  return AccountController.getAccount('eip155')!.address as Address
}

describe('embedded wallet: email login through the secure site (another origin)', () => {
  it('signs in with the code read from the real mail, then signs a message and sends a transaction, each approved in the secure site', async () => {
    portico = await startEmbeddedApp()
    const email = freshEmail('journey')
    const address = await signInByEmail(email)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(new URL(stack.secureSiteUrl).origin).not.toBe(location.origin)
    expect(localStorage.getItem(STORAGE_KEYS.CONNECTED_EMAIL)).toBe(email)
    expect(localStorage.getItem(STORAGE_KEYS.EMAIL_LOGIN_USED)).toBe('true')
    expect(localStorage.getItem(STORAGE_KEYS.EMBEDDED_LAST_CHAIN)).toBe(String(chainA.id))

    const provider = portico.getProvider('eip155')!
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address])

    // personal_sign: shown in the secure site's window, approved there, verified here with viem.
    const message = `Sign in to ${location.host} at ${Date.now()}`
    const signing = provider.request({ method: 'personal_sign', params: [toHex(message), address] }) as Promise<Hex>
    await answerInSecureSite('Approve', 'Sign message')
    const signature = await signing
    expect(await verifyMessage({ address, message, signature })).toBe(true)

    // A rejection in the secure site is a 4001 for the app.
    const rejected = provider.request({ method: 'personal_sign', params: [toHex('no'), address] }).then(() => undefined, (error: unknown) => error)
    await answerInSecureSite('Reject', 'Sign message')
    expect(await rejected).toMatchObject({ code: 4001, shortMessage: 'The request was rejected in the wallet' })

    // eth_sendTransaction: mined on the local chain, balances move by exactly value (+ fee for the sender).
    await node.waitForTransactionReceipt({ hash: await fund(address, '2') })
    const recipient = '0x000000000000000000000000000000000000e0a1' as Address
    const value = parseEther('0.25')
    const [senderBefore, recipientBefore] = await Promise.all([node.getBalance({ address }), node.getBalance({ address: recipient })])
    const sending = provider.request({ method: 'eth_sendTransaction', params: [{ from: address, to: recipient, value: toHex(value) }] }) as Promise<Hex>
    await answerInSecureSite('Approve', 'Send transaction')
    const hash = await sending
    const receipt = await node.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    const [senderAfter, recipientAfter] = await Promise.all([node.getBalance({ address }), node.getBalance({ address: recipient })])
    expect(recipientAfter - recipientBefore).toBe(value)
    expect(senderBefore - senderAfter).toBe(value + receipt.gasUsed * receipt.effectiveGasPrice)
  })

  it('restores the session after a reload, and a sign-out clears both origins', async () => {
    portico = await startEmbeddedApp()
    const email = freshEmail('reload')
    const address = await signInByEmail(email)

    // The page goes away and comes back: the frame restores the session without a prompt.
    await closePage()
    portico = await startEmbeddedApp()
    await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(address)
    const provider = portico.getProvider('eip155')!
    const signing = provider.request({ method: 'personal_sign', params: [toHex('after reload'), address] }) as Promise<Hex>
    await answerInSecureSite('Approve', 'Sign message')
    expect(await verifyMessage({ address, message: 'after reload', signature: await signing })).toBe(true)

    // Sign-out: the app's keys go, and the secure origin forgets the session and the key.
    await portico.disconnect()
    expect(localStorage.getItem(STORAGE_KEYS.CONNECTED_EMAIL)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.EMAIL_LOGIN_USED)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.EMBEDDED_LAST_CHAIN)).toBeNull()
    expect(AccountController.getAccount('eip155')).toBeUndefined()

    // Even with the app's flag put back, a new frame finds nothing to restore on the secure origin.
    await closePage()
    localStorage.setItem(STORAGE_KEYS.EMAIL_LOGIN_USED, 'true')
    const fresh = embeddedWallet({ secureSiteUrl: stack.secureSiteUrl, projectId: 'portico-embedded' })
    expect(await fresh.reconnect({ namespace: 'eip155', context: connectorContext(running) })).toBeUndefined()
    expect(document.querySelector('iframe[data-portico-embedded]')).not.toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.EMAIL_LOGIN_USED)).toBeNull()
  })
})

describe('embedded wallet: the code step', () => {
  it('refuses wrong codes until the code is locked, and blocks a resend within 30 s', async () => {
    portico = await startEmbeddedApp()
    const email = freshEmail('wrong')
    const before = await lastMailId(email)
    await startEmailLogin(email)
    const right = codeOf(await nextMail(email, before))
    const wrong = right === '000000' ? '111111' : '000000'
    const field = dialog().getByRole('textbox', { name: 'Six-digit code' })
    const expected = ['Wrong code: 4 attempts left', 'Wrong code: 3 attempts left', 'Wrong code: 2 attempts left', 'Wrong code: 1 attempt left', 'Too many wrong codes: request a new one']
    for (const text of expected) {
      await field.fill(wrong)
      await dialog().getByRole('button', { name: /^(Verify|Try again)$/ }).click()
      await expect.element(dialog().getByRole('alert')).toHaveTextContent(text)
    }
    await field.fill(right)
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Too many wrong codes: request a new one')

    await dialog().getByRole('button', { name: 'Send a new code' }).click()
    await expect.element(dialog().getByRole('status').filter({ hasText: /Please try again after/ })).toHaveTextContent(/^Please try again after (2[0-9]|30) seconds$/)
    expect(AccountController.getAccount('eip155')).toBeUndefined()
  })
})

