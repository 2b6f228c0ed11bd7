import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCaip122Message, type Caip122MessageInput } from '../../src/siwx/Caip122Message'
import { start as startChains, type DevChainStack } from '../chain/start'
import { devSolanaKeypair } from '../solana-rpc/devSolanaAccounts'
import { LOCALNET_GENESIS_HASH } from '../solana-rpc/start'
import { parseCaip122Message } from './parseCaip122Message'
import { start, type RunningBackend } from './start'

const CLUSTER = LOCALNET_GENESIS_HASH.slice(0, 32)
const MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const signer = devSolanaKeypair('siws signer')
const other = devSolanaKeypair('siws other')
const address = signer.publicKey.toBase58()

let chain: DevChainStack
let backend: RunningBackend
/** A second backend that accepts the local cluster only (SOLANA_CLUSTERS). */
let strict: RunningBackend

const call = async (server: RunningBackend, path: string, init: RequestInit = {}) => {
  const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}projectId=p`, init)
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}
const post = (path: string, body: unknown, server = backend) =>
  call(server, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })

/** A Sign in with Solana message as the modal writes it (src/siwx's CAIP-122 builder), with a fresh nonce of `server`. */
const message = async (fields: Partial<Caip122MessageInput> = {}, server = backend) =>
  createCaip122Message({
    domain: 'localhost:5173', address, uri: 'http://localhost:5173/app', chainId: `solana:${CLUSTER}`,
    nonce: (await post('/v1/siwx/nonce', {}, server)).body.nonce, issuedAt: new Date(), statement: 'Sign in to the Portico demo', ...fields,
  })
const sign = (text: string, keypair = signer) => bs58.encode(ed25519.sign(new TextEncoder().encode(text), keypair.secretKey.slice(0, 32)))
const signIn = async (text: string, signature = sign(text), server = backend) => post('/v1/siwx/verify', { message: text, signature }, server)

beforeAll(async () => {
  chain = await startChains({ seed: false })
  backend = await start({ chains: chain.chains })
  strict = await start({ chains: chain.chains, solanaClusters: [CLUSTER] })
}, 120_000)
afterAll(async () => {
  await strict?.stop()
  await backend?.stop()
  await chain?.stop()
})

describe('sign in with Solana', () => {
  it('turns a CAIP-122 message signed with the ed25519 key into a session: read and listed for solana:<cluster>:<address>', async () => {
    const text = await message({ expirationTime: new Date(Date.now() + 3_600_000) })
    const signed = await signIn(text)
    expect(signed.status).toBe(201)
    const { session, token } = signed.body
    expect(session).toMatchObject({ caipAddress: `solana:${CLUSTER}:${address}`, message: text, signature: sign(text) })
    expect(session.expiresAt).toBe(Date.parse(/Expiration Time: (.*)/.exec(text)![1]!))
    expect(await call(backend, '/v1/siwx/session', bearer(token))).toEqual({ status: 200, body: { session } })
    expect((await call(backend, `/v1/siwx/sessions?account=solana:${CLUSTER}:${address}`, bearer(token))).body.sessions).toEqual([session])
    // Base58 is its case: another address's listing, even one differing only in case, is not this token's.
    const lowered = address.toLowerCase()
    expect(await call(backend, `/v1/siwx/sessions?account=solana:${CLUSTER}:${lowered}`, bearer(token))).toEqual({
      status: 403, body: { error: `The session token is for ${address}, not ${lowered}` },
    })
    expect((await call(backend, '/v1/siwx/revoke', { method: 'POST', ...bearer(token) })).body).toEqual({ revoked: true })
  })

  it('refuses a signature by another key, a tampered message, a reused nonce and a signature that is not 64 bytes', async () => {
    expect(await signIn(await message(), undefined)).toMatchObject({ status: 201 })
    const text = await message()
    expect(await signIn(text, sign(text, other))).toEqual({ status: 403, body: { error: 'signature: does not match the message and its address' } })
    const honest = await message()
    expect(await signIn(honest.replace('Sign in to the Portico demo', 'Transfer everything'), sign(honest))).toEqual({
      status: 403, body: { error: 'signature: does not match the message and its address' },
    })
    const once = await message()
    expect((await signIn(once)).status).toBe(201)
    expect(await signIn(once)).toEqual({ status: 409, body: { error: 'message nonce: has already been used' } })
    const short = await message()
    expect(await signIn(short, bs58.encode(ed25519.sign(new TextEncoder().encode(short), signer.secretKey.slice(0, 32)).slice(0, 60)))).toEqual({
      status: 400, body: { error: 'signature: a Solana signature is 64 bytes in base58' },
    })
    expect(await signIn(await message(), `0x${'ab'.repeat(64)}`)).toEqual({ status: 400, body: { error: 'signature: a Solana signature is 64 bytes in base58' } })
  })

  it('refuses a foreign domain, an address that is not a key, a bad cluster reference, and an expired message', async () => {
    expect(await signIn(await message({ domain: 'evil.example' }))).toEqual({ status: 403, body: { error: 'message: the domain evil.example is not allowed by this backend' } })
    expect(await signIn(await message({ uri: 'https://evil.example/login' }))).toEqual({ status: 403, body: { error: 'message: the URI https://evil.example/login is not on an allowed origin of this backend' } })
    expect(await signIn(await message({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }))).toEqual({
      status: 400, body: { error: 'message: the address is not a Solana address (32 bytes in base58)' },
    })
    expect(await signIn(await message({ chainId: 'solana:mainnet' }))).toEqual({
      status: 400, body: { error: "message: Chain ID must be a Solana cluster's genesis-hash reference (32 base58 characters), not mainnet" },
    })
    expect(await signIn(await message({ expirationTime: new Date(Date.now() - 1000) }))).toEqual({ status: 401, body: { error: 'message: has expired' } })
  })

  it('a backend with SOLANA_CLUSTERS accepts those clusters only', async () => {
    expect((await signIn(await message({}, strict), undefined, strict)).status).toBe(201)
    const mainnet = await message({ chainId: `solana:${MAINNET}` }, strict)
    expect(await signIn(mainnet, sign(mainnet), strict)).toEqual({
      status: 422, body: { error: `message: Solana cluster ${MAINNET} is not accepted by this backend (accepted: ${CLUSTER})` },
    })
  })

  it('names what is missing from a Solana message, and an EIP-4361 message still needs a hex signature', async () => {
    const text = (await message()).replace(/\nNonce: .*/, '')
    expect(await signIn(text)).toEqual({ status: 400, body: { error: 'message: not a CAIP-122 sign-in message (missing nonce)' } })
    expect(await signIn('localhost wants you to sign in with your Solana account:\nnot a message')).toEqual({
      status: 400, body: { error: 'message: not a CAIP-122 sign-in message for a Solana account' },
    })
    expect(await post('/v1/siwx/verify', { message: 'localhost wants you to sign in with your Ethereum account:', signature: sign('x') })).toEqual({
      status: 400, body: { error: 'body signature: an EIP-4361 message takes a 0x-prefixed hex signature' },
    })
  })
})

describe('parseCaip122Message', () => {
  it('reads back every field the builder writes, and refuses text of another shape', () => {
    const input = {
      domain: 'app.example', address, uri: 'https://app.example/login', chainId: `solana:${MAINNET}`, nonce: '32891756aa', statement: 'Hello',
      issuedAt: new Date('2026-11-23T12:00:00Z'), expirationTime: new Date('2026-11-24T12:00:00Z'), notBefore: new Date('2026-11-23T11:00:00Z'),
      requestId: 'r-1', resources: ['https://app.example/a', 'ipfs://b'],
    }
    expect(parseCaip122Message(createCaip122Message(input))).toEqual({
      domain: 'app.example', blockchainName: 'Solana', address, statement: 'Hello', uri: input.uri, version: '1', chainId: MAINNET, nonce: '32891756aa',
      issuedAt: '2026-11-23T12:00:00.000Z', expirationTime: '2026-11-24T12:00:00.000Z', notBefore: '2026-11-23T11:00:00.000Z', requestId: 'r-1', resources: input.resources,
    })
    const { statement: _statement, ...bare } = input
    expect(parseCaip122Message(createCaip122Message(bare))?.statement).toBeUndefined()
    expect(parseCaip122Message('hello')).toBeUndefined()
    expect(parseCaip122Message(`${createCaip122Message(bare)}\nNonce: again`)).toBeUndefined()
    expect(parseCaip122Message(`${createCaip122Message(bare)}\nColor: blue`)).toBeUndefined()
  })
})
