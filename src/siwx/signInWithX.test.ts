import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { start, type RunningBackend } from '../../dev/backend/start'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { SiwxApi } from '../api/SiwxApi'
import { signInWithX, type SignInWithXInput } from './signInWithX'
import { SiwxSignInError } from './SiwxSignInError'

let backend: RunningBackend
let api: SiwxApi
const account = privateKeyToAccount(hardhatDevPrivateKeys[2])
const sdk = { projectId: 'p', sdkType: 'portico', sdkVersion: 'v', retry: { count: 0 } }

beforeAll(async () => {
  backend = await start()
  api = new SiwxApi({ baseUrl: backend.url, ...sdk })
}, 120_000)
afterAll(async () => {
  await backend?.stop()
})

const input = (change: Partial<SignInWithXInput> = {}): SignInWithXInput => ({
  backend: api,
  caipAddress: `eip155:31338:${account.address}`,
  domain: 'localhost:5173',
  uri: 'http://localhost:5173/',
  statement: 'Sign in to the demo',
  expiresInMs: 60_000,
  signMessage: (message) => account.signMessage({ message }),
  ...change,
})
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as SiwxSignInError)

describe('signInWithX against the reference backend', () => {
  it('gets a nonce, builds and signs the message, and comes back with a session', async () => {
    const started = Date.now()
    const session = await signInWithX(input())
    expect(session.caipAddress).toBe(`eip155:31338:${account.address}`)
    expect(session.message).toContain('\nSign in to the demo\n')
    expect(session.expiresAt).toBeGreaterThanOrEqual(started + 59_000)
    expect(session.expiresAt).toBeLessThanOrEqual(Date.now() + 60_000)
    const { token, ...listed } = session
    expect(await api.getSessions(session.caipAddress, token)).toContainEqual(listed)
  })

  it("says 'Error signing message' when the wallet refuses", async () => {
    const error = await failure(signInWithX(input({ signMessage: async () => Promise.reject(new Error('User rejected the request.')) })))
    expect(error).toBeInstanceOf(SiwxSignInError)
    expect(error).toMatchObject({ step: 'sign', shortMessage: 'Error signing message', details: 'User rejected the request.' })
  })

  it("says 'Error signing message' when the backend refuses the signature", async () => {
    const other = privateKeyToAccount(hardhatDevPrivateKeys[3])
    const error = await failure(signInWithX(input({ signMessage: (message) => other.signMessage({ message }) })))
    expect(error).toMatchObject({ step: 'verify', shortMessage: 'Error signing message' })
    expect(error!.details).toBe('HTTP 403: signature: does not match the message and its address')
  })

  it('says the seed text for initialisation when no nonce can be had', async () => {
    const down = new SiwxApi({ baseUrl: 'http://127.0.0.1:1', ...sdk })
    const error = await failure(signInWithX(input({ backend: down })))
    expect(error).toMatchObject({ step: 'initialize', shortMessage: 'A problem occurred while trying initialize authentication' })
  })

  it('refuses an account that is not CAIP-10 before asking anything', async () => {
    await expect(signInWithX(input({ caipAddress: account.address }))).rejects.toThrow(
      `Invalid sign-in message field caipAddress: must be a CAIP-10 account such as eip155:1:0xab…, got '${account.address}'`,
    )
  })
})
