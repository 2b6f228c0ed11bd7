import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start as startMailSink, type RunningMailSink } from '../mail-sink/start'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import { start, type RunningBackend } from './start'

// Every route that shows or changes one visitor's data, asked without a token and with another
// visitor's token: none answers with the data or does the change.
let chain: DevChainStack
let sink: RunningMailSink
let backend: RunningBackend
const alice = privateKeyToAccount(hardhatDevPrivateKeys[7])
const mallory = privateKeyToAccount(hardhatDevPrivateKeys[8])

beforeAll(async () => {
  ;[chain, sink] = await Promise.all([startChains({ seed: false }), startMailSink()])
  backend = await start({ chains: chain.chains, smtpUrl: sink.smtpUrl })
}, 120_000)
afterAll(async () => {
  await backend?.stop()
  await sink?.stop()
  await chain?.stop()
})

const call = async (method: string, path: string, token?: string, body?: unknown) => {
  const response = await fetch(`${backend.url}${path}${path.includes('?') ? '&' : '?'}projectId=p`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  return { status: response.status, text: await response.text() }
}

/** A Sign in with Ethereum session of `account`: its token and id. */
async function siwxSession(account: typeof alice): Promise<{ token: string; id: string }> {
  const { text } = await call('POST', '/v1/siwx/nonce', undefined, {})
  const message = createSiweMessage({ domain: 'localhost:5173', address: account.address, uri: 'http://localhost:5173/', version: '1', chainId: 31337, nonce: JSON.parse(text).nonce })
  const signed = await call('POST', '/v1/siwx/verify', undefined, { message, signature: await account.signMessage({ message }) })
  const { token, session } = JSON.parse(signed.text) as { token: string; session: { id: string } }
  return { token, id: session.id }
}

/** An embedded-wallet session of a fresh account with an address: its token, email and address. */
async function embeddedSession(label: string, account: typeof alice) {
  const email = `${label}-${Date.now()}@example.com`
  const created = await backend.store.embedded.ensureAccount(email)
  await backend.store.embedded.setAddress(created.id, account.address)
  const { token } = await backend.store.embedded.createSession(created.id, crypto.randomUUID(), 3_600_000)
  return { token, email, address: account.address }
}

describe('every route with a visitor\'s data refuses a missing or a foreign token', () => {
  it('sign-in sessions, the older sessions, on-ramp orders, the embedded session, account, sign-out and email change', async () => {
    const { token: aliceSiwx, id: aliceSessionId } = await siwxSession(alice)
    const { token: mallorySiwx } = await siwxSession(mallory)
    const older = JSON.parse((await call('POST', '/v1/sessions', undefined, {
      caipAddress: `eip155:31337:${alice.address}`, message: 'older', signature: await alice.signMessage({ message: 'older' }),
    })).text) as { session: { id: string } }
    const aliceEmbedded = await embeddedSession('alice', alice)
    const malloryEmbedded = await embeddedSession('mallory', mallory)
    const aliceBuyer = 'alice-buyer-token-0123456789abcdefghij'
    const orderUrl = JSON.parse((await call('POST', '/v1/generators/onrampurl', aliceBuyer, { destinationWallets: [{ address: alice.address }], partnerUserId: 'a' })).text).url as string

    // [route, method, body, the owner's token, what the owner sees]: each is asked without a token and with Mallory's.
    const routes: [string, string, unknown, string, string][] = [
      ['GET', `/v1/siwx/sessions?account=eip155:31337:${alice.address}`, undefined, aliceSiwx, aliceSessionId],
      ['GET', `/v1/sessions/eip155:31337:${alice.address}`, undefined, aliceSiwx, older.session.id],
      ['GET', `/v1/onramp/orders?account=eip155:31337:${alice.address}`, undefined, aliceBuyer, new URL(orderUrl).pathname.split('/').at(-1)!],
      ['GET', '/v1/embedded/session', undefined, aliceEmbedded.token, aliceEmbedded.email],
    ]
    for (const [method, path, body, owner, secret] of routes) {
      const none = await call(method, path, undefined, body)
      expect(none.status, `${path} without a token`).toBe(401)
      expect(none.text).not.toContain(secret)
      const foreign = await call(method, path, path.startsWith('/v1/embedded') ? malloryEmbedded.token : path.startsWith('/v1/onramp') ? 'mallory-buyer-token-0123456789abcdefgh' : mallorySiwx, body)
      expect(foreign.text, `${path} with Mallory's token`).not.toContain(secret)
      expect(foreign.status === 403 || (foreign.status === 200 && !foreign.text.includes(secret)), `${path}: ${foreign.status} ${foreign.text}`).toBe(true)
      expect((await call(method, path, owner, body)).text, `${path} with the owner's token`).toContain(secret)
    }

    // Changes: without a token nothing happens; with Mallory's, only Mallory's own data could change.
    expect((await call('POST', '/v1/sessions/revoke', undefined, { id: older.session.id })).status).toBe(401)
    expect((await call('POST', '/v1/sessions/revoke', mallorySiwx, { id: older.session.id })).status).toBe(404)
    // Without a bearer header it wants the token in the body: refused either way.
    expect((await call('POST', '/v1/siwx/revoke', undefined, {})).status).toBe(400)
    expect((await call('POST', '/v1/siwx/revoke', undefined, { token: 'a'.repeat(43) })).status).toBe(401)
    for (const [path, body] of [['/v1/embedded/signout', undefined], ['/v1/embedded/email/update', { newEmail: 'taken-over@example.com' }], ['/v1/embedded/email/update/primary', { otp: '123456' }], ['/v1/embedded/email/update/secondary', { otp: '123456', newEmail: 'taken-over@example.com' }], ['/v1/embedded/shares', { address: mallory.address, authShare: `0x${'22'.repeat(33)}`, signature: `0x${'33'.repeat(65)}` }], ['/v1/embedded/shares/auth', undefined], ['/v1/embedded/recovery', { recovery: '[]' }], ['/v1/embedded/recovery/auth', { deviceId: crypto.randomUUID() }], ['/v1/embedded/devices/revoke', { deviceId: crypto.randomUUID() }], ['/v1/embedded/export/code', undefined], ['/v1/embedded/export/verify', { otp: '123456' }]] as const) {
      expect((await call('POST', path, undefined, body)).status, path).toBe(401)
      expect((await call('POST', path, 'not-a-token', body)).status, path).toBe(401)
    }
    for (const path of ['/v1/embedded/recovery', '/v1/embedded/devices']) {
      expect((await call('GET', path, undefined)).status, path).toBe(401)
      expect((await call('GET', path, 'not-a-token')).status, path).toBe(401)
    }
    // Alice's data is as it was: her sessions, her email, her address.
    expect((await call('GET', `/v1/sessions/eip155:31337:${alice.address}`, aliceSiwx)).text).toContain(older.session.id)
    expect(JSON.parse((await call('GET', '/v1/embedded/session', aliceEmbedded.token)).text)).toMatchObject({ email: aliceEmbedded.email.toLowerCase(), address: alice.address })
    // No code went to Alice to move her account.
    const mails = JSON.parse(await (await fetch(`${sink.url}/messages?to=${encodeURIComponent(aliceEmbedded.email)}`)).text()).messages as unknown[]
    expect(mails).toEqual([])
    // The dev widget shows and completes an order only with its own secret.
    const { pathname } = new URL(orderUrl)
    expect((await fetch(`${backend.url}${pathname}`)).status).toBe(404)
    expect((await fetch(`${backend.url}${pathname}/complete`, { method: 'POST', redirect: 'manual' })).status).toBe(404)
  })
})
