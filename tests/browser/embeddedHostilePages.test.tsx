import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import type { Address } from 'viem'
import { createAccountController } from '../../src/controllers/AccountController'
import { createModalController } from '../../src/controllers/ModalController'
import { EmbeddedFrame } from '../../src/connectors/embedded/EmbeddedFrame'
import type { Portico } from '../../src/createPortico'
import type { HostileOutcome } from '../support/hostilePageCommands'
import { chainA, freshEmail, lastMailId, signInByEmail, stack, startEmbeddedApp } from './embeddedHarness'
import { resetStores } from './modalHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ModalController = testStore(createModalController)

let portico: Portico | undefined
const frames: EmbeddedFrame[] = []

afterEach(async () => {
  for (const frame of frames.splice(0)) frame.destroy()
  portico?.destroy()
  portico = undefined
  await cleanup()
  ModalController.state.open = false
  resetStores()
  for (const element of document.querySelectorAll('iframe')) element.remove()
})
// The next file's app starts without a remembered connection.
afterAll(() => localStorage.clear())

/** The answers a visitor who never signed in gets: no user, no account, no signature, no email change; a sign-out with nothing to end. */
const NEVER_SIGNED_IN = [
  ['GET_USER', 'GET_USER_ERROR'],
  ['RPC_REQUEST', 'RPC_REQUEST_ERROR'],
  ['RPC_REQUEST', 'RPC_REQUEST_ERROR'],
  ['UPDATE_EMAIL', 'UPDATE_EMAIL_ERROR'],
  ['SIGN_OUT', 'SIGN_OUT_SUCCESS'],
]

let visitor: { email: string; address: Address } | undefined

/**
 * A visitor signed in on this page (the app at the test page's origin): signed in by email the
 * first time, then reconnected from the secure site's session of this app origin.
 */
async function visitorSignedIn(): Promise<{ email: string; address: Address }> {
  portico = await startEmbeddedApp()
  if (visitor) {
    const { address } = visitor
    await expect.poll(() => AccountController.getAccount('eip155')?.address, { timeout: 20_000 }).toBe(address)
    return visitor
  }
  const email = freshEmail('victim')
  visitor = { email, address: await signInByEmail(email) }
  return visitor
}

/** The visitor is still signed in: the app's own frame still answers with the account, and keeps doing so. */
async function expectStillSignedIn(address: Address) {
  const provider = portico!.getProvider('eip155')!
  expect(await provider.request({ method: 'eth_accounts' })).toEqual([address])
  // The sign-out the issue saw reached the app a few seconds later: wait past that.
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  expect(AccountController.getAccount('eip155')?.address).toBe(address)
  expect(await provider.request({ method: 'eth_accounts' })).toEqual([address])
}

/** Nothing of the visitor in what the hostile page got. */
function expectNothingOf(outcome: HostileOutcome, visitor: { email: string; address: Address }) {
  const seen = JSON.stringify(outcome).toLowerCase()
  expect(seen).not.toContain(visitor.email.toLowerCase())
  expect(seen).not.toContain(visitor.address.toLowerCase())
  expect(seen).not.toMatch(/0x[0-9a-f]{130}/) // no signature
}

describe('embedded wallet: hostile pages in their own tabs', () => {
  it('a same-site page on another port that a wildcard allows frames the secure site and finds no session: it gets no data, no signature, no email change, and cannot sign the visitor out', async () => {
    const visitor = await visitorSignedIn()
    const mailsBefore = await lastMailId(visitor.email)
    // `portico-embedded` allows http://localhost:* (the dev wildcard): the page is served, but under its own origin.
    const outcome: HostileOutcome = await commands.hostilePage({ host: 'localhost', secureSiteUrl: stack.secureSiteUrl, projectId: 'portico-embedded', chainId: chainA.id, address: visitor.address })
    expect(outcome.state).toBe('ready')
    expect(outcome.replies.map((reply) => [reply.name, reply.type])).toEqual(NEVER_SIGNED_IN)
    expect(outcome.replies[0]!.payload).toEqual({ message: 'Not signed in' })
    expect(outcome.replies[3]!.payload).toEqual({ message: 'Not connected to email or social' })
    expectNothingOf(outcome, visitor)
    await expectStillSignedIn(visitor.address)
    // No code went to the visitor to move the account.
    expect(await lastMailId(visitor.email)).toBe(mailsBefore)
  })

  it('a page on another host, allowed by a wildcard, has storage of its own site: it gets nothing either', async () => {
    const visitor = await visitorSignedIn()
    const outcome: HostileOutcome = await commands.hostilePage({ host: '127.0.0.1', secureSiteUrl: stack.secureSiteUrl, projectId: 'portico-embedded', chainId: chainA.id, address: visitor.address })
    expect(outcome.state).toBe('ready')
    // Its frame's storage is another site's partition: the sign-out finds nothing to end (and may say so).
    expect(outcome.replies.map((reply) => [reply.name, reply.type.replace('SIGN_OUT_ERROR', 'SIGN_OUT_SUCCESS')])).toEqual(NEVER_SIGNED_IN)
    expectNothingOf(outcome, visitor)
    await expectStillSignedIn(visitor.address)
  })

  it('a project that lists its exact origin: the browser refuses to show the secure site (and its approval window) in a page on another port or host', async () => {
    const projectId = `exact-${Date.now()}`
    await commands.setProjectOrigins(stack.backendUrl, projectId, [location.origin])
    // The app itself still embeds it.
    const own = EmbeddedFrame.open({ url: stack.secureSiteUrl, projectId })
    frames.push(own)
    await own.ready()
    const victim = '0x0000000000000000000000000000000000000001'
    for (const host of ['localhost', '127.0.0.1'] as const) {
      // Named by its Referer, the page gets a page with no wallet in it that says ORIGIN_REFUSED, and nothing else.
      const named: HostileOutcome = await commands.hostilePage({ host, secureSiteUrl: stack.secureSiteUrl, projectId, chainId: chainA.id, address: victim })
      expect(named.state, host).toBe('refused')
      expect(named.replies).toEqual([])
      // Unnamed, it gets the wallet page, which the browser will not show in it: frame-ancestors.
      const unnamed: HostileOutcome = await commands.hostilePage({ host, secureSiteUrl: stack.secureSiteUrl, projectId, chainId: chainA.id, address: victim, noReferrer: true })
      expect(unnamed.csp).toBe(`frame-ancestors ${location.origin}; object-src 'none'; base-uri 'self'; form-action 'self'`)
      expect(unnamed.state, host).toBe('no-answer')
      expect(unnamed.replies).toEqual([])
      expect(unnamed.frameUrls, host).toEqual(['chrome-error://chromewebdata/'])
    }
  })
})
