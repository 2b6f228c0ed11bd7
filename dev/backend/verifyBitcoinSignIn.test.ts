import { secp256k1 } from '@noble/curves/secp256k1.js'
import * as btc from '@scure/btc-signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCaip122Message, type Caip122MessageInput } from '../../src/siwx/Caip122Message'
import { BITCOIN_GENESIS } from '../../src/networks/bitcoinChains'
import { signBip322Simple } from '../bitcoin-wallet/bip322'
import { devBitcoinKey, REGTEST } from '../bitcoin/faucet'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start, type RunningBackend } from './start'

const REGTEST_ID = `bip122:${BITCOIN_GENESIS.regtest}`
const key = devBitcoinKey('siwb signer')
const otherKey = devBitcoinKey('siwb other')
const payment = btc.p2wpkh(secp256k1.getPublicKey(key, true), REGTEST)
const ordinals = btc.p2tr(btc.utils.pubSchnorr(key), undefined, REGTEST)
const otherPayment = btc.p2wpkh(secp256k1.getPublicKey(otherKey, true), REGTEST)

let chain: DevChainStack
let backend: RunningBackend

const call = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${backend.url}${path}${path.includes('?') ? '&' : '?'}projectId=p`, init)
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}
const post = (path: string, body: unknown) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })

/** A Sign in with Bitcoin message as the modal writes it (src/siwx's CAIP-122 builder), with a fresh nonce. */
const message = async (fields: Partial<Caip122MessageInput> = {}) =>
  createCaip122Message({
    domain: 'localhost:5173', address: payment.address!, uri: 'http://localhost:5173/app', chainId: REGTEST_ID,
    nonce: (await post('/v1/siwx/nonce', {})).body.nonce, issuedAt: new Date(), statement: 'Sign in to the Portico demo', ...fields,
  })
/** BIP-322 simple, as the dev Bitcoin wallet signs (its `bitcoin:signMessage`). */
const sign = (text: string, privateKey = key, script = payment.script) => signBip322Simple(privateKey, script, new TextEncoder().encode(text))
const signIn = async (text: string, signature = sign(text)) => post('/v1/siwx/verify', { message: text, signature })
const REFUSED = { status: 403, body: { error: 'signature: does not match the message and its address' } }

beforeAll(async () => {
  chain = await startChains({ seed: false })
  backend = await start({ chains: chain.chains })
}, 120_000)
afterAll(async () => {
  await backend?.stop()
  await chain?.stop()
})

describe('sign in with Bitcoin (BIP-322)', () => {
  it('turns a CAIP-122 message signed with BIP-322 simple into a session for bip122:<genesis>:<address>, P2WPKH and P2TR', async () => {
    const text = await message({ expirationTime: new Date(Date.now() + 3_600_000) })
    const signed = await signIn(text)
    expect(signed.status).toBe(201)
    const { session, token } = signed.body
    expect(session).toMatchObject({ caipAddress: `${REGTEST_ID}:${payment.address}`, message: text, signature: sign(text) })
    expect(session.expiresAt).toBe(Date.parse(/Expiration Time: (.*)/.exec(text)![1]!))
    expect(await call('/v1/siwx/session', bearer(token))).toEqual({ status: 200, body: { session } })
    expect((await call(`/v1/siwx/sessions?account=${REGTEST_ID}:${payment.address}`, bearer(token))).body.sessions).toEqual([session])
    expect(await call(`/v1/siwx/sessions?account=${REGTEST_ID}:${otherPayment.address}`, bearer(token))).toEqual({
      status: 403, body: { error: `The session token is for ${payment.address}, not ${otherPayment.address}` },
    })
    const taproot = await message({ address: ordinals.address! })
    const byTaproot = await signIn(taproot, sign(taproot, key, ordinals.script))
    expect(byTaproot.status).toBe(201)
    expect(byTaproot.body.session.caipAddress).toBe(`${REGTEST_ID}:${ordinals.address}`)
  })

  it('refuses a signature by another key, one made for another address, a tampered message and a reused nonce', async () => {
    const text = await message()
    expect(await signIn(text, sign(text, otherKey, otherPayment.script))).toEqual(REFUSED)
    // The attacker signs honestly for their own address, then claims the victim's address in the message.
    const claimed = await message()
    const forOwn = claimed.replace(payment.address!, otherPayment.address!)
    expect(await signIn(claimed, sign(forOwn, otherKey, otherPayment.script))).toEqual(REFUSED)
    // A signature of the payment key over the ordinals address's script is for another address.
    const wrongScript = await message()
    expect(await signIn(wrongScript, sign(wrongScript, key, ordinals.script))).toEqual(REFUSED)
    const honest = await message()
    expect(await signIn(honest.replace('Sign in to the Portico demo', 'Transfer everything'), sign(honest))).toEqual(REFUSED)
    const once = await message()
    expect((await signIn(once)).status).toBe(201)
    expect(await signIn(once)).toEqual({ status: 409, body: { error: 'message nonce: has already been used' } })
  })

  it('refuses a signature made for another domain, a foreign domain, an address of another network, an unknown chain and bad signatures', async () => {
    // Signed for evil.example, replayed as-is: the domain is refused; rewritten to ours, the signature no longer holds.
    const elsewhere = await message({ domain: 'evil.example', uri: 'https://evil.example/login' })
    expect(await signIn(elsewhere)).toEqual({ status: 403, body: { error: 'message: the domain evil.example is not allowed by this backend' } })
    const rewritten = elsewhere.replace('evil.example wants', 'localhost:5173 wants').replace('https://evil.example/login', 'http://localhost:5173/app')
    expect(await signIn(rewritten, sign(elsewhere))).toEqual(REFUSED)
    const mainnetAddress = btc.p2wpkh(secp256k1.getPublicKey(key, true)).address!
    expect(await signIn(await message({ address: mainnetAddress }))).toEqual({ status: 400, body: { error: `message: ${mainnetAddress} is not a Bitcoin regtest address` } })
    expect(await signIn(await message({ chainId: 'bip122:00000000000000000000000000000000' }))).toEqual({
      status: 422, body: { error: 'message: Chain ID must be the genesis-hash reference of Bitcoin mainnet, testnet, signet or regtest, not 00000000000000000000000000000000' },
    })
    expect(await signIn(await message(), 'A'.repeat(64))).toEqual(REFUSED)
    expect(await signIn(await message(), `0x${'ab'.repeat(64)}`)).toEqual({ status: 400, body: { error: 'signature: a BIP-322 signature is base64' } })
    expect(await signIn('localhost wants you to sign in with your Bitcoin account:\nnot a message')).toEqual({
      status: 400, body: { error: 'message: not a CAIP-122 sign-in message for a Bitcoin account' },
    })
  })
})
