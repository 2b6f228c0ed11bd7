import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NameTakenError, NonceRejectedError, SqlBackendStore, type BackendStore } from './BackendStore'
import { migrate, MIGRATIONS } from './migrations'
import { openStore, type StoreOptions } from './openStore'
import { PgliteSqlClient } from './PgliteSqlClient'
import { startThrowawayPostgres, type ThrowawayPostgres } from './startThrowawayPostgres'

let postgres: ThrowawayPostgres
let tempDir: string
let databases = 0
beforeAll(async () => {
  postgres = await startThrowawayPostgres()
  tempDir = await mkdtemp(join(tmpdir(), 'portico-store-'))
}, 120_000)
afterAll(async () => {
  await postgres?.stop()
  await rm(tempDir, { recursive: true, force: true })
})

/** Where a fresh, empty store of each kind lives: a new PGlite directory or a new PostgreSQL database. */
const places: Record<'pglite' | 'postgres', () => Promise<StoreOptions>> = {
  pglite: async () => ({ dataDir: join(tempDir, `db${++databases}`) }),
  postgres: async () => ({ databaseUrl: await postgres.createDatabase(`db${++databases}`) }),
}
const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe.each(['pglite', 'postgres'] as const)('BackendStore on %s', (kind) => {
  let place: StoreOptions
  let store: BackendStore
  beforeAll(async () => {
    place = await places[kind]()
    store = await openStore(place)
  }, 120_000)
  afterAll(() => store?.close())

  it('migrates once: a second open applies nothing, a newer schema is refused', async () => {
    expect(store.kind).toBe(kind)
    const other = await openStore(place)
    await other.close()
    const sql = kind === 'pglite' ? await PgliteSqlClient.open(join(tempDir, `db${++databases}`)) : undefined
    if (sql) {
      expect(await migrate(sql)).toEqual(MIGRATIONS.map((m) => m.version))
      expect(await migrate(sql)).toEqual([])
      await expect(migrate(sql, MIGRATIONS.slice(0, 1))).rejects.toThrow(
        `The database has schema version ${MIGRATIONS.at(-1)!.version}, newer than this backend knows (1): upgrade the backend`,
      )
      await sql.close()
    }
  })

  it('registers a name to its first signer only; the owner may update it', async () => {
    const first = await store.register({ name: 'Alice.portico.id', coinType: '60', address: alice, attributes: { bio: 'a' }, now: 100 })
    expect(first).toEqual({ name: 'alice.portico.id', registered: 100, updated: 100, addresses: { '60': { address: alice, created: 100 } }, attributes: { bio: 'a' } })
    await expect(store.register({ name: 'alice.portico.id', coinType: '60', address: bob })).rejects.toThrow(new NameTakenError('alice.portico.id'))
    await expect(store.register({ name: 'alice.portico.id', coinType: '2147483658', address: bob })).rejects.toBeInstanceOf(NameTakenError)
    const updated = await store.register({ name: 'alice.portico.id', coinType: '60', address: alice, attributes: { x: 'y' }, now: 200 })
    expect(updated).toMatchObject({ registered: 100, updated: 200, attributes: { bio: 'a', x: 'y' } })
    expect(await store.lookup('ALICE.portico.id')).toEqual(updated)
    expect((await store.reverse(alice.toUpperCase().replace('0X', '0x'))).map((r) => r.name)).toEqual(['alice.portico.id'])
    expect(await store.isRegistered('alice.portico.id')).toBe(true)
    expect(await store.isRegistered('nobody.portico.id')).toBe(false)
    expect(await store.lookup('nobody.portico.id')).toBeUndefined()
  })

  it('gives each of 20 names to exactly one of 10 concurrent registrants (200 calls)', async () => {
    const addresses = Array.from({ length: 10 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`)
    const calls = Array.from({ length: 200 }, (_, i) => ({ name: `race${i % 20}.portico.id`, address: addresses[Math.floor(i / 20)]! }))
    const results = await Promise.allSettled(calls.map((call) => store.register({ ...call, coinType: '60' })))
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [calls[i]!] : []))
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(won).toHaveLength(20)
    expect(new Set(won.map((w) => w.name)).size).toBe(20)
    expect(lost).toHaveLength(180)
    for (const failure of lost) expect(failure.reason).toBeInstanceOf(NameTakenError)
    for (const winner of won) expect((await store.lookup(winner.name))!.addresses['60']!.address).toBe(winner.address)
  })

  it('uses a nonce once, and refuses unknown and expired ones by name', async () => {
    const now = 1_000_000
    const { nonce, expiresAt } = await store.createNonce(60_000, now)
    expect(nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(expiresAt).toBe(now + 60_000)
    await store.checkNonce(nonce, now)
    const input = { nonce, caipAddress: `eip155:31337:${alice}`, domain: 'localhost', message: 'm', signature: '0x01', expiresAt: now + 3_600_000, now }
    const attempts = await Promise.allSettled([store.createSignedSession(input), store.createSignedSession(input), store.createSignedSession(input)])
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1)
    for (const a of attempts.filter((a) => a.status === 'rejected')) expect(a.reason).toEqual(new NonceRejectedError('used'))
    await expect(store.checkNonce(nonce, now)).rejects.toThrow('nonce: has already been used')
    await expect(store.checkNonce('ffffffffffffffff', now)).rejects.toThrow('nonce: was not issued by this backend')
    const old = await store.createNonce(1_000, now)
    await expect(store.checkNonce(old.nonce, now + 1_000)).rejects.toThrow('nonce: has expired, ask for a new one')
    await expect(store.createSignedSession({ ...input, nonce: old.nonce, now: now + 5_000 })).rejects.toThrow('nonce: has expired, ask for a new one')
  })

  it('lists live sessions, tells a token live, expired or revoked', async () => {
    const caipAddress = `eip155:31337:${bob}`
    const now = 2_000_000
    const open = async (expiresAt: number) => {
      const { nonce } = await store.createNonce(60_000, now)
      return store.createSignedSession({ nonce, caipAddress, domain: 'localhost', message: `m${expiresAt}`, signature: '0x02', expiresAt, now })
    }
    const long = await open(now + 10_000)
    const short = await open(now + 1_000)
    expect((await store.sessions(caipAddress.toLowerCase(), now + 500)).map((s) => s.id)).toEqual([long.session.id, short.session.id].sort())
    expect((await store.sessions(caipAddress, now + 1_000)).map((s) => s.id)).toEqual([long.session.id])
    expect(await store.sessionByToken(short.token, now + 1_000)).toEqual({ status: 'expired', session: short.session })
    expect(await store.sessionByToken(long.token, now)).toEqual({ status: 'live', session: long.session })
    expect(await store.revokeSession(long.session.id, { now, unsignedOnly: true })).toBe(false)
    expect(await store.revokeSession(long.session.id, { now })).toBe(true)
    expect(await store.revokeSession(long.session.id, { now })).toBe(false)
    expect((await store.sessionByToken(long.token, now))?.status).toBe('revoked')
    expect(await store.sessions(caipAddress, now)).toEqual([short.session])
    expect(await store.sessionByToken('not-a-token')).toBeUndefined()
  })

  it('keeps names and sessions when opened again', async () => {
    const { nonce } = await store.createNonce(60_000)
    const { session, token } = await store.createSignedSession({
      nonce, caipAddress: `eip155:1:${alice}`, domain: 'localhost', message: 'kept', signature: '0x03', expiresAt: Date.now() + 60_000,
    })
    await store.close()
    store = await openStore(place)
    expect((await store.lookup('alice.portico.id'))?.addresses['60']?.address).toBe(alice)
    expect(await store.sessionByToken(token)).toEqual({ status: 'live', session })
  })
})

describe('openStore', () => {
  it('lets several backends start on one fresh PostgreSQL database at once', async () => {
    const databaseUrl = await postgres.createDatabase(`db${++databases}`)
    const stores = await Promise.all(Array.from({ length: 4 }, () => openStore({ databaseUrl, maxConnections: 2 })))
    await stores[0]!.register({ name: 'shared.portico.id', coinType: '60', address: alice })
    for (const store of stores) expect(await store.isRegistered('shared.portico.id')).toBe(true)
    await Promise.all(stores.map((store) => store.close()))
  })

  it('names an unreachable PostgreSQL server', async () => {
    await expect(openStore({ databaseUrl: 'postgres://portico@127.0.0.1:1/none' })).rejects.toThrow(/^Cannot connect to the database at DATABASE_URL: /)
  })

  it('wraps a SqlClient that is used directly', async () => {
    const sql = await PgliteSqlClient.open('memory://')
    await migrate(sql)
    const store = new SqlBackendStore(sql)
    expect(await store.isRegistered('x.portico.id')).toBe(false)
    await store.close()
  })
})
