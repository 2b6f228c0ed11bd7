import { afterEach, describe, expect, it, vi } from 'vitest'
import { commands, page } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import { toHex, type Address } from 'viem'
import { createAccountController } from '../../src/controllers/AccountController'
import { createAlertController } from '../../src/controllers/AlertController'
import { createModalController } from '../../src/controllers/ModalController'
import { EmbeddedFrame } from '../../src/connectors/embedded/EmbeddedFrame'
import type { Portico } from '../../src/createPortico'
import { FRAME_LOAD_TIMEOUT_MS, LOGIN_REQUEST_TIMEOUT_MS } from '../../src/connectors/embedded/protocol/frameEvents'
import { chainA, freshEmail, lastMailId, secureFrameElement, signInByEmail, stack, startEmbeddedApp } from './embeddedHarness'
import { dialog, resetStores } from './modalHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const AlertController = testStore(createAlertController)
const ModalController = testStore(createModalController)

let portico: Portico | undefined
const frames: EmbeddedFrame[] = []

afterEach(async () => {
  vi.useRealTimers()
  for (const frame of frames.splice(0)) frame.destroy()
  portico?.destroy()
  portico = undefined
  await cleanup()
  ModalController.state.open = false
  resetStores()
  for (const element of document.querySelectorAll('iframe')) element.remove()
  localStorage.clear()
})

async function signIn(): Promise<Address> {
  portico = await startEmbeddedApp()
  return signInByEmail(freshEmail('hostile'))
}

/** A page on a third (opaque) origin that posts `messages` to this window, then 'done'. */
async function thirdOriginPosts(messages: unknown[]): Promise<void> {
  const done = new Promise<void>((resolve) => {
    const onDone = (event: MessageEvent) => {
      if (event.data === 'third-origin-done') {
        removeEventListener('message', onDone)
        resolve()
      }
    }
    addEventListener('message', onDone)
  })
  const hostile = document.createElement('iframe')
  hostile.setAttribute('sandbox', 'allow-scripts')
  hostile.title = 'Third-origin page'
  hostile.srcdoc = `<script>for (const m of ${JSON.stringify(messages)}) parent.postMessage(m, '*'); parent.postMessage('third-origin-done', '*')</script>`
  document.body.appendChild(hostile)
  await done
}

describe('embedded wallet: hostile cases', () => {
  it('ignores well-formed frame events from a third origin, refuses unlisted methods on both sides, and keeps the key out of the app origin', async () => {
    const address = await signIn()
    const warn = vi.spyOn(console, 'warn')
    // Well-formed frame events from a third origin: a sign-out, a READY, an answer. None is heard.
    await thirdOriginPosts([
      { type: '@portico-frame/SESSION_UPDATE', id: '00000000-0000-4000-8000-000000000000', payload: { signedIn: false } },
      { type: '@portico-frame/READY', id: '00000000-0000-4000-8000-000000000001', payload: {} },
      { type: '@portico-frame/RPC_REQUEST_SUCCESS', id: '00000000-0000-4000-8000-000000000002', payload: { result: '0xdead' } },
    ])
    expect(AccountController.getAccount('eip155')?.address).toBe(address)
    expect(warn).not.toHaveBeenCalled()

    // An unlisted method: refused by the app's provider…
    const provider = portico!.getProvider('eip155')!
    await expect(provider.request({ method: 'eth_coinbase' })).rejects.toMatchObject({ code: 4200, shortMessage: 'The embedded wallet does not support the method "eth_coinbase"' })
    await expect(provider.request({ method: 'wallet_importPrivateKey', params: ['0x01'] })).rejects.toMatchObject({ code: 4200 })
    // …and by the secure site itself, asked directly over the protocol.
    const direct = EmbeddedFrame.open({ url: stack.secureSiteUrl, projectId: 'portico-embedded' })
    frames.push(direct)
    await direct.ready()
    await expect(direct.request('RPC_REQUEST', { method: 'eth_coinbase', chainId: chainA.id })).rejects.toMatchObject({ code: 4200, shortMessage: 'The embedded wallet does not support the method "eth_coinbase"' })
    // Reads pass to the chain.
    expect(await direct.request('RPC_REQUEST', { method: 'eth_chainId', chainId: chainA.id })).toEqual({ result: toHex(chainA.id) })

    // The key: nothing of the secure origin is readable here.
    const element = secureFrameElement()!
    expect(element.contentDocument).toBeNull()
    expect(() => (element.contentWindow as Window).localStorage).toThrow()
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain('portico-secure-site')
    const everything = Object.keys(localStorage).map((key) => localStorage.getItem(key)).join('\n')
    expect(everything).not.toMatch(/0x[0-9a-f]{64}/i)
    // The signature still works: the key is there, on its own origin.
    const signing = provider.request({ method: 'personal_sign', params: [toHex('still mine'), address] })
    await import('vitest/browser').then(({ commands }) => commands.secureSiteAnswer('Sign message', 'Approve'))
    expect(await signing).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('the secure site ignores and logs a malformed app event, and still answers the next valid one', async () => {
    await commands.consoleWatch()
    const frame = EmbeddedFrame.open({ url: stack.secureSiteUrl, projectId: 'portico-embedded' })
    frames.push(frame)
    await frame.ready()
    const element = [...document.querySelectorAll<HTMLIFrameElement>('iframe[data-portico-embedded]')].at(-1)!
    const origin = new URL(stack.secureSiteUrl).origin
    element.contentWindow!.postMessage({ type: '@portico-app/CONNECT_EMAIL', id: 'short', payload: { email: 'me@example.com' } }, origin)
    element.contentWindow!.postMessage({ type: '@portico-app/RPC_REQUEST', id: '00000000-0000-4000-8000-00000000000a', payload: { method: 'eth_chainId' } }, origin)
    await expect.poll(() => commands.consoleLinesWith('[secure-site] Ignored a malformed message'), { timeout: 10_000 }).toHaveLength(2)
    const lines = await commands.consoleLinesWith('[secure-site] Ignored a malformed message')
    expect(lines[0]).toMatch(/^warning: \[secure-site\] Ignored a malformed message from http:\/\/localhost:[0-9]+: .*id/)
    expect(lines[1]).toContain('RPC_REQUEST')
    expect(await frame.request('RPC_REQUEST', { method: 'eth_chainId', chainId: chainA.id })).toEqual({ result: toHex(chainA.id) })
  })

  it('an app origin that the project does not allow is refused by the frame, with the catalogue alert', async () => {
    portico = await startEmbeddedApp({ projectId: stack.lockedProjectId })
    const email = freshEmail('refused')
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('textbox', { name: 'Email' }).fill(email)
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
    await expect.element(dialog().getByRole('alert').filter({ hasText: 'Invalid App Configuration' }).first()).toBeVisible()
    expect(AlertController.state.code).toBe('UNVERIFIED_DOMAIN')
    expect(await lastMailId(email)).toBe(0)
    expect(AccountController.getAccount('eip155')).toBeUndefined()
  })

  it('ignores and logs a malformed message from the frame, and uses the valid answer after it', async () => {
    const warn = vi.fn()
    const frame = EmbeddedFrame.open({ url: `${location.origin}/tests/browser/fixtures/scriptedSecureSite.html?answer=malformed-then-valid`, projectId: 'p', warn })
    frames.push(frame)
    await frame.ready()
    expect(await frame.request('CONNECT_EMAIL', { email: 'me@example.com' })).toEqual({ action: 'VERIFY_OTP' })
    expect(warn.mock.calls.map(([text]) => String(text).split(':')[0])).toEqual([
      '[portico] Ignored a malformed message from the embedded wallet',
      '[portico] Ignored a malformed message from the embedded wallet',
      '[portico] Ignored a malformed message from the embedded wallet',
    ])
    expect(String(warn.mock.calls[0]![0])).toContain('CONNECT_EMAIL')
  })

  it('a frame that never says READY fails with iframe_load_failed; a login request unanswered for 120 s with iframe_request_timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const silent = EmbeddedFrame.open({ url: `${location.origin}/tests/browser/fixtures/scriptedSecureSite.html?ready=0`, projectId: 'p' })
    frames.push(silent)
    const loading = silent.ready().then(() => undefined, (error: unknown) => error)
    vi.advanceTimersByTime(FRAME_LOAD_TIMEOUT_MS)
    expect(await loading).toMatchObject({ alert: 'IFRAME_LOAD_FAILED', shortMessage: 'Network Error - Could not load embedded wallet' })

    const mute = EmbeddedFrame.open({ url: `${location.origin}/tests/browser/fixtures/scriptedSecureSite.html?answer=none`, projectId: 'p' })
    frames.push(mute)
    await vi.waitFor(() => {
      vi.advanceTimersByTime(500)
      return mute.ready()
    })
    const waiting = mute.request('CONNECT_EMAIL', { email: 'me@example.com' }).then(() => undefined, (error: unknown) => error)
    await Promise.resolve()
    vi.advanceTimersByTime(LOGIN_REQUEST_TIMEOUT_MS - 1)
    expect(await Promise.race([waiting, Promise.resolve('pending')])).toBe('pending')
    vi.advanceTimersByTime(1)
    expect(await waiting).toMatchObject({ alert: 'IFRAME_REQUEST_TIMEOUT', shortMessage: 'Embedded Wallet Request Timed Out' })
  })
})
