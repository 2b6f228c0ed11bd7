import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { start as startChains, type DevChainStack } from '../chain/start'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import { startThrowawayPostgres, type ThrowawayPostgres } from './db/startThrowawayPostgres'
import { spawnBackend, type SpawnedBackend } from './spawnBackend'

// The service in its own process, as a self-hoster runs it, on both kinds of storage.
let chain: DevChainStack
let postgres: ThrowawayPostgres
let tempDir: string
const running = new Set<SpawnedBackend>()
beforeAll(async () => {
  ;[chain, postgres, tempDir] = await Promise.all([
    startChains({ seed: false }), startThrowawayPostgres(), mkdtemp(join(tmpdir(), 'portico-reliability-')),
  ])
}, 120_000)
afterAll(async () => {
  for (const backend of running) await backend.stop('SIGKILL')
  await postgres?.stop()
  await chain?.stop()
  await rm(tempDir, { recursive: true, force: true })
})

const accounts = hardhatDevPrivateKeys.map((key) => privateKeyToAccount(key))

async function api(backend: SpawnedBackend, path: string, init: RequestInit & { json?: unknown } = {}) {
  const { json, ...rest } = init
  const response = await fetch(`${backend.url}${path}${path.includes('?') ? '&' : '?'}projectId=p`, {
    ...rest,
    ...(json !== undefined ? { method: 'POST', headers: { 'content-type': 'application/json', ...rest.headers }, body: JSON.stringify(json) } : {}),
  })
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}

/** A signed name registration of `name` by dev account `i`. */
async function registration(name: string, i: number) {
  const account = accounts[i]!
  const message = JSON.stringify({ name, timestamp: 1 })
  return { name, address: account.address, body: { coin_type: 60, address: account.address, message, signature: await account.signMessage({ message }) } }
}

describe.each(['pglite', 'postgres'] as const)('the backend service on %s', (kind) => {
  let env: Record<string, string>
  const launch = async () => {
    const backend = await spawnBackend(env)
    running.add(backend)
    void backend.exited.then(() => running.delete(backend))
    return backend
  }
  beforeAll(async () => {
    const storage: Record<string, string> = kind === 'pglite'
      ? { PORTICO_DATA_DIR: join(tempDir, 'data') }
      : { DATABASE_URL: await postgres.createDatabase('reliability'), PORTICO_SECRET: randomBytes(32).toString('hex') }
    env = { ...storage, CHAIN_RPC_URLS: chain.chains.map((c) => `${c.id}=${c.rpcUrl}`).join(','), ALLOWED_ORIGINS: 'http://localhost:5173' }
  })

  it('keeps names, sessions and used nonces across a SIGTERM restart; refuses an expired session', async () => {
    let backend = await launch()
    expect((await api(backend, '/health')).body).toEqual({ ok: true, storage: kind, chains: [31337, 31338] })
    expect((await api(backend, '/__requests')).status).toBe(404) // no test control in the service
    const carol = await registration(`carol-${kind}.portico.id`, 3)
    expect((await api(backend, '/v1/profile/account', { json: carol.body })).status).toBe(201)
    const signIn = async (expiresInMs: number) => {
      const { nonce } = (await api(backend, '/v1/siwx/nonce', { json: {} })).body
      const message = createSiweMessage({
        domain: 'localhost:5173', address: accounts[4]!.address, uri: 'http://localhost:5173', version: '1', chainId: 31338, nonce,
        issuedAt: new Date(), expirationTime: new Date(Date.now() + expiresInMs),
      })
      const signed = { message, signature: await accounts[4]!.signMessage({ message }) }
      const { status, body } = await api(backend, '/v1/siwx/verify', { json: signed })
      expect(status).toBe(201)
      return { signed, token: body.token as string, session: body.session }
    }
    const lasting = await signIn(3_600_000)
    const brief = await signIn(2_000)

    expect(await backend.stop('SIGTERM')).toBe(0)
    const requests = backend.lines.filter((line) => line.msg === 'request')
    expect(requests.map((line) => `${line.method} ${line.path} ${line.status}`)).toEqual([
      'GET /health 200', 'GET /__requests 404', 'POST /v1/profile/account 201', 'POST /v1/siwx/nonce 201', 'POST /v1/siwx/verify 201', 'POST /v1/siwx/nonce 201', 'POST /v1/siwx/verify 201',
    ])
    for (const line of requests) expect(line).toEqual({ time: expect.any(String), level: 'info', msg: 'request', method: expect.any(String), path: expect.any(String), status: expect.any(Number), ms: expect.any(Number) })
    expect(backend.lines.at(-1)).toMatchObject({ msg: 'stopped' })

    backend = await launch()
    expect((await api(backend, `/v1/profile/account/${carol.name}`)).body.addresses['60'].address).toBe(carol.address)
    expect(await api(backend, '/v1/siwx/session', { headers: { authorization: `Bearer ${lasting.token}` } })).toEqual({ status: 200, body: { session: lasting.session } })
    expect(await api(backend, '/v1/siwx/verify', { json: lasting.signed })).toEqual({ status: 409, body: { error: 'message nonce: has already been used' } })
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, brief.session.expiresAt - Date.now() + 50)))
    expect(await api(backend, '/v1/siwx/session', { headers: { authorization: `Bearer ${brief.token}` } })).toEqual({ status: 401, body: { error: 'Session expired: sign in again' } })
    expect(await backend.stop('SIGTERM')).toBe(0)
  }, 120_000)

  it('gives each of 20 names to one of 10 accounts when 200 registrations race; the rest get a clear 409', async () => {
    const backend = await launch()
    const calls = await Promise.all(Array.from({ length: 200 }, (_, i) => registration(`race${i % 20}-${kind}.portico.id`, Math.floor(i / 20))))
    const results = await Promise.all(calls.map((call) => api(backend, '/v1/profile/account', { json: call.body })))
    const winners = calls.filter((_, i) => results[i]!.status === 201)
    expect(winners).toHaveLength(20)
    expect(new Set(winners.map((w) => w.name)).size).toBe(20)
    results.forEach((result, i) => {
      if (result.status !== 201) expect(result).toEqual({ status: 409, body: { error: `The name ${calls[i]!.name} is already registered` } })
    })
    for (const winner of winners) expect((await api(backend, `/v1/profile/account/${winner.name}`)).body.addresses['60'].address).toBe(winner.address)
    expect(await backend.stop('SIGTERM')).toBe(0)
  }, 120_000)

  it('loses no committed registration when killed with SIGKILL mid-write', async () => {
    const backend = await launch()
    const pending = await Promise.all(Array.from({ length: 300 }, (_, i) => registration(`kill${i}-${kind}.portico.id`, i % 10)))
    const committed: typeof pending = []
    let killed: Promise<number | string> | undefined
    const worker = async () => {
      for (let next = pending.shift(); next && !killed; next = pending.shift()) {
        const result = await api(backend, '/v1/profile/account', { json: next.body }).catch(() => undefined)
        if (result?.status === 201) committed.push(next)
        // Kill while the other workers' writes are in flight.
        if (committed.length >= 40 && !killed) killed = backend.stop('SIGKILL')
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    expect(await killed).toBe('SIGKILL')
    expect(committed.length).toBeGreaterThanOrEqual(40)

    const again = await launch()
    expect((await api(again, '/health')).body.ok).toBe(true)
    const lost = []
    for (const row of committed) {
      const found = await api(again, `/v1/profile/account/${row.name}`)
      if (found.status !== 200 || found.body.addresses['60'].address !== row.address) lost.push(row.name)
    }
    expect(lost).toEqual([])
    expect(await again.stop('SIGTERM')).toBe(0)
  }, 180_000)
})

describe('the backend service', () => {
  it('refuses a bad configuration with a message naming the variable, exit code 2', async () => {
    await expect(spawnBackend({ DATABASE_URL: 'mysql://nope' })).rejects.toThrow(
      /exited \(2\) before listening.*"level":"error","msg":"Bad configuration: DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\/"/,
    )
  })

  it('says so when PostgreSQL cannot be reached, exit code 1', async () => {
    await expect(spawnBackend({ DATABASE_URL: 'postgres://portico@127.0.0.1:1/none', PORTICO_SECRET: randomBytes(32).toString('hex'), CHAIN_RPC_URLS: '31337=http://127.0.0.1:1' })).rejects.toThrow(
      /exited \(1\) before listening.*The backend failed to start: Cannot connect to the database at DATABASE_URL: /,
    )
  })
})
