import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { start, type RunningBackend } from '../../dev/backend/start'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { memoryStorage } from '../../tests/support/memoryStorage'
import { SiwxApi } from '../api/SiwxApi'
import { createSiwxController, type SiwxSession } from './SiwxController'
import { createStores } from './stores'
import { createStorageController } from './StorageController'
import { STORAGE_KEYS } from './StorageKeys'
import { testStore, runningStores } from '../../tests/support/testStores'

const StorageController = testStore(createStorageController)

let backend: RunningBackend
let api: SiwxApi
const account = privateKeyToAccount(hardhatDevPrivateKeys[4])
const signMessage = (message: string) => account.signMessage({ message })
const on = (chainId: number) => `eip155:${chainId}:${account.address}`
const domain = { domain: 'localhost:5173', uri: 'http://localhost:5173/' }

beforeAll(async () => {
  backend = await start()
  api = new SiwxApi({ baseUrl: backend.url, projectId: 'p', sdkType: 'portico', sdkVersion: 'v', retry: { count: 0 } })
})
afterAll(async () => {
  await backend?.stop()
})

let storage: ReturnType<typeof memoryStorage>
let SiwxController: ReturnType<typeof createSiwxController>
beforeEach(() => {
  // A fresh Portico's stores for each test.
  SiwxController = runningStores(createStores()).get(createSiwxController)
  storage = memoryStorage()
  StorageController.setStorage(storage)
})
afterEach(() => {
  vi.useRealTimers()
  StorageController.setStorage(undefined)
})

const session = (caipAddress: string, expiresAt: number | null, createdAt = 0): SiwxSession => ({
  id: `${caipAddress}@${createdAt}`, caipAddress, message: 'm', signature: '0x1', createdAt, expiresAt,
})

describe('SiwxController rules', () => {
  it('asks only when sign-in is on and the account has no live session on that network', () => {
    expect(SiwxController.needsSignIn(on(31337))).toBe(false)
    SiwxController.configure({ backend: api })
    expect(SiwxController.needsSignIn(on(31337))).toBe(true)
    expect(SiwxController.isSignInPending(on(31337))).toBe(false) // optional: never keeps the modal open
    SiwxController.configure({ required: true, backend: api })
    expect(SiwxController.isSignInPending(on(31337))).toBe(true)
    SiwxController.state.sessions = [session(on(31337).toLowerCase(), null)]
    expect(SiwxController.isSignInPending(on(31337))).toBe(false)
    expect(SiwxController.isSignInPending(on(31338))).toBe(true)
  })

  it('an expired session does not count', () => {
    vi.useFakeTimers({ now: 1_000_000 })
    SiwxController.configure({ required: true, backend: api })
    SiwxController.state.sessions = [session(on(31337), 1_001_000)]
    vi.advanceTimersByTime(999)
    expect(SiwxController.isSignInPending(on(31337))).toBe(false)
    vi.advanceTimersByTime(1)
    expect(SiwxController.isSignInPending(on(31337))).toBe(true)
  })

  it('goes back to the newest live session of the same address on another network', () => {
    SiwxController.configure({ required: true, backend: api })
    SiwxController.state.sessions = [session(on(1), null, 1), session(on(10), null, 2), session('eip155:8453:0x00000000000000000000000000000000000000b2', null, 3)]
    expect(SiwxController.lastSignedNetwork(on(31337))).toBe('eip155:10')
    expect(SiwxController.lastSignedNetwork(on(10))).toBe('eip155:1')
    SiwxController.state.sessions = [session(on(31337), null)]
    expect(SiwxController.lastSignedNetwork(on(31337))).toBeUndefined()
  })

  it('configure(undefined) turns sign-in off', () => {
    SiwxController.configure({ required: true, backend: api })
    SiwxController.configure(undefined)
    expect(SiwxController.state).toMatchObject({ enabled: false, required: false })
  })
})

describe('SiwxController against the reference backend', () => {
  it('signs in, stores the session with its token, and a reload keeps it only while the backend does', async () => {
    SiwxController.configure({ required: true, statement: 'Sign in to the test', backend: api, ...domain })
    const signed = await SiwxController.signIn(on(31337), signMessage)
    expect(signed.token).toMatch(/^[A-Za-z0-9_-]{16,}$/)
    expect(signed.message).toContain('\nSign in to the test\n')
    expect(SiwxController.isSignInPending(on(31337))).toBe(false)
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.SIWX_SESSIONS)!)).toEqual([signed])

    // A reload: the store starts empty, the stored session comes back after the backend confirms it.
    SiwxController.reset()
    SiwxController.configure({ required: true, backend: api, ...domain })
    expect(await SiwxController.restore()).toEqual([signed])
    expect(SiwxController.getSessions()).toEqual([signed])

    // Revoked elsewhere: the next reload drops it.
    await api.revoke(signed)
    SiwxController.reset()
    SiwxController.configure({ required: true, backend: api, ...domain })
    expect(await SiwxController.restore()).toEqual([])
    expect(SiwxController.isSignInPending(on(31337))).toBe(true)
  })

  it('signOut ends the sessions on the backend and forgets them here', async () => {
    SiwxController.configure({ backend: api, ...domain })
    const signed = await SiwxController.signIn(on(31338), signMessage)
    expect((await api.getSessions(on(31338), signed.token)).map((s) => s.id)).toContain(signed.id)
    await SiwxController.signOut()
    expect(SiwxController.getSessions()).toEqual([])
    expect(storage.getItem(STORAGE_KEYS.SIWX_SESSIONS)).toBeNull()
    await expect(api.getSessions(on(31338), signed.token)).rejects.toMatchObject({ status: 401, details: 'HTTP 401: Session revoked: sign in again' })
  })

  it('keeps no session when the backend refuses, with the seed text', async () => {
    SiwxController.configure({ backend: api, domain: 'evil.example', uri: 'https://evil.example/' })
    await expect(SiwxController.signIn(on(31337), signMessage)).rejects.toMatchObject({
      shortMessage: 'Error signing message',
      details: 'HTTP 403: message: the domain evil.example is not allowed by this backend',
    })
    expect(SiwxController.getSessions()).toEqual([])
  })

  it('reads corrupt stored sessions as none', async () => {
    storage.setItem(STORAGE_KEYS.SIWX_SESSIONS, '{"not":"a list"}')
    SiwxController.configure({ backend: api, ...domain })
    expect(await SiwxController.restore()).toEqual([])
  })
})
