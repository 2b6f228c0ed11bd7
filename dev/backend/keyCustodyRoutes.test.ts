import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { splitForDevice } from '../../tests/support/keyShares'
import { shareProofMessage } from './shareProofMessage'
import { start as startBackend, type RunningBackend } from './start'

let backend: RunningBackend
const device = (n: number) => `${String(n).repeat(8)}-2222-4222-8222-222222222222`

const call = async (method: 'GET' | 'POST', path: string, token: string | undefined, body?: unknown) => {
  const response = await fetch(`${backend.url}${path}?projectId=test`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}

/** An account with a session on `deviceId` (as a verified login makes it), created `ageMs` ago. */
async function login(email: string, deviceId: string, ageMs = 0) {
  const account = await backend.store.embedded.ensureAccount(email)
  const { token } = await backend.store.embedded.createSession(account.id, deviceId, 3_600_000, Date.now() - ageMs)
  return token
}
const RECOVERY = JSON.stringify([{ v: 1, kind: 'password', salt: '0x00', n: 2, iv: '0x00', data: '0x00' }])

beforeAll(async () => {
  backend = await startBackend({})
}, 60_000)
afterAll(async () => {
  await backend?.stop()
})

describe('key custody endpoints, from the attacker\'s side', () => {
  it('accepts a split only signed by the key of the address it names, and binds the address once', async () => {
    const token = await login(`bind-${Date.now()}@example.com`, device(1))
    const mine = await splitForDevice(device(1))
    // Another key's signature over this address (the escrow bug of the issue: a key of B for account A).
    const other = privateKeyToAccount(generatePrivateKey())
    const forged = await other.signMessage({ message: shareProofMessage({ address: mine.address, deviceId: device(1), authShare: mine.body.authShare }) })
    expect(await call('POST', '/v1/embedded/shares', token, { ...mine.body, signature: forged })).toEqual({ status: 403, body: { error: `The share is not signed by the key of ${mine.address}` } })
    // A proof made for another device does not carry over.
    const elsewhere = await splitForDevice(device(2))
    expect((await call('POST', '/v1/embedded/shares', token, elsewhere.body)).status).toBe(403)
    expect((await call('POST', '/v1/embedded/shares', token, mine.body)).status).toBe(201)
    // Another key, properly signed, cannot take the account over.
    const takeover = await splitForDevice(device(1))
    expect(await call('POST', '/v1/embedded/shares', token, takeover.body)).toEqual({ status: 409, body: { error: 'This account already has another address' } })
    expect(await call('POST', '/v1/embedded/shares/auth', token)).toEqual({ status: 200, body: { authShare: mine.shares.auth } })
  })

  it('releases an auth share only to its own device, and a recovery pair only to a fresh login of a device without one', async () => {
    const email = `pair-${Date.now()}@example.com`
    const first = await login(email, device(3))
    const split = await splitForDevice(device(3))
    await call('POST', '/v1/embedded/shares', first, split.body)
    expect((await call('POST', '/v1/embedded/recovery', first, { recovery: RECOVERY })).status).toBe(200)

    // Another device of the same account: its own session gets no share of device 3's split.
    const second = await login(email, device(4))
    expect(await call('POST', '/v1/embedded/shares/auth', second)).toMatchObject({ status: 404, body: { code: 'NO_DEVICE_SHARE' } })
    expect(await call('GET', '/v1/embedded/recovery', second)).toEqual({ status: 200, body: { deviceId: device(3), recovery: RECOVERY } })
    expect(await call('POST', '/v1/embedded/recovery/auth', second, { deviceId: device(1) })).toMatchObject({ status: 404, body: { code: 'NO_RECOVERY' } })
    expect(await call('POST', '/v1/embedded/recovery/auth', second, { deviceId: device(3) })).toEqual({ status: 200, body: { authShare: split.shares.auth } })
    // A session older than the fresh-login window, and a device that holds a share, are refused.
    const stale = await login(email, device(5), 11 * 60_000)
    expect(await call('POST', '/v1/embedded/recovery/auth', stale, { deviceId: device(3) })).toEqual({ status: 401, body: { error: 'A recovery needs a fresh login: sign in again', code: 'LOGIN_NOT_FRESH' } })
    expect((await call('POST', '/v1/embedded/recovery/auth', first, { deviceId: device(3) })).status).toBe(409)
    // Another account's session sees nothing of this one.
    const stranger = await login(`stranger-${Date.now()}@example.com`, device(3))
    expect(await call('GET', '/v1/embedded/recovery', stranger)).toMatchObject({ status: 404, body: { code: 'NO_RECOVERY' } })
    expect(await call('POST', '/v1/embedded/shares/auth', stranger)).toMatchObject({ status: 404 })
    expect(await call('POST', '/v1/embedded/devices/revoke', stranger, { deviceId: device(3) })).toEqual({ status: 404, body: { error: 'No such device holds a share of this wallet' } })

    // Revoked: device 3's share and sessions are gone; the list no longer names it.
    expect(await call('GET', '/v1/embedded/devices', second)).toMatchObject({ body: { devices: [{ deviceId: device(3), recovery: true, current: false }] } })
    expect(await call('POST', '/v1/embedded/devices/revoke', second, { deviceId: device(3) })).toEqual({ status: 200, body: { revoked: true } })
    expect(await call('POST', '/v1/embedded/shares/auth', first)).toMatchObject({ status: 401, body: { error: 'Session revoked: sign in again' } })
    expect(await call('GET', '/v1/embedded/devices', second)).toEqual({ status: 200, body: { devices: [] } })
  })

  it('refuses malformed shares, proofs and recovery blobs with the field named, and no token at all', async () => {
    const token = await login(`bad-${Date.now()}@example.com`, device(6))
    const split = await splitForDevice(device(6))
    const bad = async (body: unknown) => (await call('POST', '/v1/embedded/shares', token, body)).body.error as string
    expect(await bad({ ...split.body, authShare: '0x1234' })).toMatch(/authShare: must be a 0x-prefixed 33-byte hex key share/)
    expect(await bad({ ...split.body, signature: 'nope' })).toMatch(/signature: must be a 65-byte signature/)
    expect(await bad({ ...split.body, address: '0x12' })).toMatch(/address: must be a 0x-prefixed 20-byte hex address/)
    expect((await call('POST', '/v1/embedded/recovery', token, { recovery: 'x' })).status).toBe(400)
    expect((await call('POST', '/v1/embedded/recovery', token, { recovery: RECOVERY })).body).toMatchObject({ code: 'NO_DEVICE_SHARE' })
    expect(await call('POST', '/v1/embedded/shares/auth', undefined)).toEqual({ status: 401, body: { error: 'Unknown session token', code: 'JWT_TOKEN_NOT_VALID' } })
  })
})
