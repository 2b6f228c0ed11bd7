import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, keccak256, toHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { start as startChains, type DevChainStack } from '../chain/start'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import { deployOwnedWallet, deployOwnedWalletFactory, erc6492Signature, ownedWalletAddress } from './contracts/deployOwnedWallet'
import { start, type RunningBackend } from './start'

let chain: DevChainStack
let backend: RunningBackend
const signer = privateKeyToAccount(hardhatDevPrivateKeys[5])
const other = privateKeyToAccount(hardhatDevPrivateKeys[6])

const call = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${backend.url}${path}${path.includes('?') ? '&' : '?'}projectId=p`, init)
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
const nonce = async () => (await post('/v1/siwx/nonce', {})).body.nonce as string
const message = async (fields: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
  createSiweMessage({
    domain: 'localhost:5173', address: signer.address, uri: 'http://localhost:5173/app', version: '1', chainId: 31337,
    nonce: await nonce(), issuedAt: new Date(), statement: 'Sign in to the Portico demo', ...fields,
  })
const signIn = async (text: string, signature?: Hex, headers?: Record<string, string>) =>
  post('/v1/siwx/verify', { message: text, signature: signature ?? (await signer.signMessage({ message: text })) }, headers)
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })

beforeAll(async () => {
  chain = await startChains({ seed: false })
  backend = await start({ chains: chain.chains })
}, 120_000)
afterAll(async () => {
  await backend?.stop()
  await chain?.stop()
})

describe('sign in with Ethereum', () => {
  it('turns a signed message into a session: read, listed, revoked', async () => {
    const issued = await post('/v1/siwx/nonce', {})
    expect(issued.status).toBe(201)
    expect(issued.body.expiresAt).toBeGreaterThan(Date.now() + 9 * 60_000)
    const text = await message({ expirationTime: new Date(Date.now() + 3_600_000) })
    const signed = await signIn(text)
    expect(signed.status).toBe(201)
    const { session, token } = signed.body
    expect(session).toMatchObject({ caipAddress: `eip155:31337:${signer.address}`, message: text })
    expect(session.expiresAt).toBe(Math.floor(Date.parse(/Expiration Time: (.*)/.exec(text)![1]!)))
    expect(await call('/v1/siwx/session', bearer(token))).toEqual({ status: 200, body: { session } })
    expect((await call(`/v1/siwx/sessions?account=eip155:31337:${signer.address.toLowerCase()}`, bearer(token))).body.sessions).toContainEqual(session)
    // The older endpoint ends only the sessions it opened, and only for a token of the same account.
    expect(await post('/v1/sessions/revoke', { id: session.id })).toEqual({ status: 401, body: { error: 'Missing Authorization header: send Authorization: Bearer <session token>' } })
    expect(await post('/v1/sessions/revoke', { id: session.id }, { authorization: `Bearer ${token}` })).toEqual({
      status: 404, body: { error: `No live session ${session.id} of eip155:31337:${signer.address}` },
    })
    expect((await call('/v1/siwx/revoke', { method: 'POST', ...bearer(token) })).body).toEqual({ revoked: true })
    expect(await call('/v1/siwx/session', bearer(token))).toEqual({ status: 401, body: { error: 'Session revoked: sign in again' } })
    expect((await call('/v1/siwx/revoke', { method: 'POST', ...bearer(token) })).body).toEqual({ revoked: false })
    // A revoked token lists nothing any more; a live session of the same address does.
    expect(await call(`/v1/siwx/sessions?account=eip155:31337:${signer.address}`, bearer(token))).toEqual({ status: 401, body: { error: 'Session revoked: sign in again' } })
    const again = (await signIn(await message())).body
    expect((await call(`/v1/siwx/sessions?account=eip155:31337:${signer.address}`, bearer(again.token))).body.sessions).not.toContainEqual(session)
  })

  it('caps a session at the backend session length when the message has no expiration', async () => {
    const { body } = await signIn(await message())
    expect(body.session.expiresAt - body.session.createdAt).toBe(7 * 24 * 3_600_000)
  })

  it('refuses a URI on another origin than the allowed domain (EIP-4361: the verifier checks the URI)', async () => {
    expect(await signIn(await message({ uri: 'https://evil.example/login' }))).toEqual({
      status: 403, body: { error: 'message: the URI https://evil.example/login is not on an allowed origin of this backend' },
    })
    // Allowed, but not the message's domain.
    expect(await signIn(await message({ uri: 'http://127.0.0.1:5173/app' }))).toEqual({
      status: 403, body: { error: 'message: the URI http://127.0.0.1:5173/app is not on the domain localhost:5173' },
    })
    expect((await signIn(await message({ uri: 'http://localhost:5173/login?next=1' }))).status).toBe(201)
  })

  it('refuses a reused nonce, a tampered message, a wrong domain, a foreign origin and an unserved chain', async () => {
    const text = await message()
    const signature = await signer.signMessage({ message: text })
    expect((await signIn(text, signature)).status).toBe(201)
    expect(await signIn(text, signature)).toEqual({ status: 409, body: { error: 'message nonce: has already been used' } })

    const honest = await message()
    const tampered = honest.replace('Sign in to the Portico demo', 'Transfer everything')
    expect(await signIn(tampered, await signer.signMessage({ message: honest }))).toEqual({
      status: 403, body: { error: 'signature: does not match the message and its address' },
    })
    const stolen = await message({ address: other.address })
    expect(await signIn(stolen)).toEqual({ status: 403, body: { error: 'signature: does not match the message and its address' } })
    expect(await signIn(await message({ domain: 'evil.example' }))).toEqual({
      status: 403, body: { error: 'message: the domain evil.example is not allowed by this backend' },
    })
    expect(await signIn(await message(), undefined, { origin: 'http://127.0.0.1:5173' })).toEqual({
      status: 403, body: { error: 'message: the domain localhost:5173 is not the requesting site http://127.0.0.1:5173' },
    })
    expect((await signIn(await message(), undefined, { origin: 'http://localhost:5173' })).status).toBe(201)
    expect(await signIn(await message({ chainId: 1 }))).toEqual({
      status: 422, body: { error: 'message: chain 1 is not served by this backend (served: 31337, 31338)' },
    })
  })

  it('refuses an unknown nonce, an expired message and a message not yet valid', async () => {
    expect(await signIn(await message({ nonce: 'abcdefgh12345678' }))).toEqual({ status: 401, body: { error: 'message nonce: was not issued by this backend' } })
    expect(await signIn(await message({ expirationTime: new Date(Date.now() - 1000) }))).toEqual({ status: 401, body: { error: 'message: has expired' } })
    const later = new Date(Math.ceil((Date.now() + 3_600_000) / 1000) * 1000)
    expect(await signIn(await message({ notBefore: later }))).toEqual({ status: 401, body: { error: `message: not valid before ${later.toISOString()}` } })
    expect(await signIn(await message({ issuedAt: new Date(Date.now() + 3_600_000) }))).toEqual({ status: 401, body: { error: 'message: Issued At is in the future' } })
  })

  it('refuses an expired session', async () => {
    const { body } = await signIn(await message({ expirationTime: new Date(Date.now() + 1_500) }))
    expect((await call('/v1/siwx/session', bearer(body.token))).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1_600))
    expect(await call('/v1/siwx/session', bearer(body.token))).toEqual({ status: 401, body: { error: 'Session expired: sign in again' } })
    const live = (await signIn(await message())).body
    expect((await call(`/v1/siwx/sessions?account=eip155:31337:${signer.address}`, bearer(live.token))).body.sessions).not.toContainEqual(body.session)
  })

  it('lists an account\'s sessions only to the holder of a live session of that address', async () => {
    const { session, token } = (await signIn(await message())).body
    const account = `eip155:31337:${signer.address}`
    expect(await call(`/v1/siwx/sessions?account=${account}`)).toEqual({
      status: 401, body: { error: 'Missing Authorization header: send Authorization: Bearer <session token>' },
    })
    expect(await call(`/v1/siwx/sessions?account=${account}`, bearer('x'.repeat(43)))).toEqual({ status: 401, body: { error: 'Unknown session token' } })
    expect(await call(`/v1/siwx/sessions?account=eip155:31337:${other.address}`, bearer(token))).toEqual({
      status: 403, body: { error: `The session token is for ${signer.address}, not ${other.address}` },
    })
    // The same address on the other served network: the token proves the address, not the network.
    expect(await call(`/v1/siwx/sessions?account=eip155:31338:${signer.address}`, bearer(token))).toEqual({ status: 200, body: { sessions: [] } })
    expect((await call(`/v1/siwx/sessions?account=${account}`, bearer(token))).body.sessions).toContainEqual(session)
  })

  it('explains bad requests', async () => {
    expect(await post('/v1/siwx/verify', { message: 'hello', signature: '0x00' })).toEqual({
      status: 400, body: { error: 'message: not an EIP-4361 sign-in message (missing domain, address, uri, version, chainId, nonce, issuedAt)' },
    })
    expect(await post('/v1/siwx/verify', { message: 'x', signature: 'zz' })).toEqual({ status: 400, body: { error: 'body signature: must be a 0x-prefixed hex signature (EVM), a base58 one (Solana) or a base64 BIP-322 one (Bitcoin)' } })
    expect(await call('/v1/siwx/session')).toEqual({ status: 401, body: { error: 'Missing Authorization header: send Authorization: Bearer <session token>' } })
    expect(await call('/v1/siwx/session', { headers: { authorization: 'Basic abc' } })).toEqual({
      status: 401, body: { error: 'Authorization: must be Bearer followed by the session token from /v1/siwx/verify' },
    })
    expect(await call('/v1/siwx/session', bearer('x'.repeat(43)))).toEqual({ status: 401, body: { error: 'Unknown session token' } })
    expect(await call('/v1/siwx/sessions?account=eip155:31337:0x12')).toEqual({
      status: 400, body: { error: 'query account: must be a CAIP-10 account such as eip155:31337:0x…, solana:<cluster>:<base58 address> or bip122:<genesis>:<address>' },
    })
  })
})

describe('sign in with a contract wallet', () => {
  const owner = privateKeyToAccount(hardhatDevPrivateKeys[7])
  let factory: Address
  beforeAll(async () => {
    factory = await deployOwnedWalletFactory(chain.rpcUrls[31337]!, chain.accounts[7]!)
  })

  it('ERC-1271: a deployed OwnedWallet signs in through its owner', async () => {
    const salt = keccak256(toHex('deployed'))
    const wallet = await deployOwnedWallet(chain.rpcUrls[31337]!, { factory, owner: owner.address, salt, from: chain.accounts[7]! })
    expect(await createPublicClient({ transport: http(chain.rpcUrls[31337]) }).getCode({ address: wallet })).toMatch(/^0x[0-9a-f]{100,}/)
    const text = await message({ address: wallet })
    const signed = await signIn(text, await owner.signMessage({ message: text }))
    expect(signed).toMatchObject({ status: 201, body: { session: { caipAddress: `eip155:31337:${wallet}` } } })
    const forged = await message({ address: wallet })
    expect((await signIn(forged, await other.signMessage({ message: forged }))).status).toBe(403)
  })

  it('ERC-6492: a wallet that is not deployed yet signs in with the factory call attached', async () => {
    const salt = keccak256(toHex('counterfactual'))
    const wallet = ownedWalletAddress(factory, owner.address, salt)
    const reader = createPublicClient({ transport: http(chain.rpcUrls[31337]) })
    expect(await reader.getCode({ address: wallet })).toBeUndefined()
    const text = await message({ address: wallet })
    const signature = erc6492Signature({ factory, owner: owner.address, salt, signature: await owner.signMessage({ message: text }) })
    expect(await signIn(text, signature)).toMatchObject({ status: 201, body: { session: { caipAddress: `eip155:31337:${wallet}` } } })
    expect(await reader.getCode({ address: wallet })).toBeUndefined() // checked by a simulated call, nothing deployed
    const forged = await message({ address: wallet })
    const bad = erc6492Signature({ factory, owner: owner.address, salt, signature: await other.signMessage({ message: forged }) })
    expect((await signIn(forged, bad)).status).toBe(403)
  })
})
