import { createHash, randomBytes } from 'node:crypto'
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { combine } from 'shamir-secret-sharing'
import { bytesToHex, hexToBytes, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RecoverySeal } from '../secure-site/RecoverySeal'
import { splitForDevice } from '../../tests/support/keyShares'
import { start as startMailSink, type RunningMailSink } from '../mail-sink/start'
import { migrate, MIGRATIONS } from './db/migrations'
import { PgliteSqlClient } from './db/PgliteSqlClient'
import { ServerSecret } from './ServerSecret'
import { start as startBackend, type RunningBackend } from './start'

let sink: RunningMailSink
let dir: string
beforeAll(async () => {
  sink = await startMailSink()
  dir = await mkdtemp(join(tmpdir(), 'portico-custody-'))
}, 60_000)
afterAll(async () => {
  await sink?.stop()
  await rm(dir, { recursive: true, force: true })
})

const call = async (backend: RunningBackend, method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => {
  const response = await fetch(`${backend.url}${path}?projectId=custody`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}
const codeIn = async (to: string, after = 0) => /\b([0-9]{6})\b/.exec((await sink.inbox.waitFor(to, { after, timeoutMs: 5_000 }))?.text ?? '')?.[1] ?? ''
const deviceOf = (n: number) => `${String(n).repeat(8)}-1111-4111-8111-111111111111`

/** Every file under `root`, with its bytes. */
async function filesUnder(root: string): Promise<{ path: string; bytes: Buffer }[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return Promise.all(entries.filter((e) => e.isFile()).map(async (e) => ({ path: join(e.parentPath, e.name), bytes: await readFile(join(e.parentPath, e.name)) })))
}
/** The files (relative) that hold `needle`. */
const holding = (files: { path: string; bytes: Buffer }[], needle: Buffer) => files.filter((f) => f.bytes.includes(needle)).map((f) => f.path.slice(dir.length))

/** A visitor as the secure site leaves them: a split on one device, the recovery share sealed with a password. */
type Visitor = { kind: string; email: string; key: Hex; address: string; shares: { device: Hex; auth: Hex; recovery: Hex }; password: string }

async function protect(backend: RunningBackend, token: string, visitor: Omit<Visitor, 'kind' | 'email'>) {
  const sealed = await RecoverySeal.seal(visitor.shares.recovery, await RecoverySeal.fromNewPassword(visitor.password))
  expect((await call(backend, 'POST', '/v1/embedded/recovery', { recovery: JSON.stringify([sealed]) }, token)).status).toBe(200)
}

describe('key custody: what a copy of the backend\'s data and environment gives away', () => {
  it('rebuilds no visitor\'s key (email, social, Farcaster) from the data directory plus the server secret, and no file holds a key, a clear share, an email or a reversible code', async () => {
    const secretHex = randomBytes(32).toString('hex')
    const dataDir = join(dir, 'data')
    const backend = await startBackend({ storage: { dataDir }, secret: ServerSecret.fromHex(secretHex), smtpUrl: sink.smtpUrl, embedded: { mailIntervalMs: 0 } })
    const visitors: Visitor[] = []
    let pendingCode = ''
    try {
      // An email visitor: code, first login, split, recovery sealed with a password.
      const email = `dump-${Date.now()}@example.com`
      await call(backend, 'POST', '/v1/embedded/email/connect', { email, deviceId: deviceOf(1) })
      const login = await call(backend, 'POST', '/v1/embedded/email/verify', { email, deviceId: deviceOf(1), otp: await codeIn(email) })
      const emailSplit = await splitForDevice(deviceOf(1))
      expect((await call(backend, 'POST', '/v1/embedded/shares', emailSplit.body, login.body.token)).status).toBe(201)
      visitors.push({ kind: 'email', email, ...emailSplit, password: 'correct horse battery staple' })
      await protect(backend, login.body.token, visitors[0]!)
      // Codes waiting in the table: an export asked for and not used, and a login of another device.
      const before = sink.inbox.list(email)[0]?.id ?? 0
      await call(backend, 'POST', '/v1/embedded/export/code', {}, login.body.token)
      pendingCode = await codeIn(email, before)
      expect((await call(backend, 'POST', '/v1/embedded/email/connect', { email, deviceId: deviceOf(2) })).body).toMatchObject({ action: 'VERIFY_OTP' })

      // Social and Farcaster visitors, linked as their verified logins link them, then split the same way.
      for (const identity of [
        { provider: 'google', subject: 'sub-social', email: `social-${Date.now()}@example.test` },
        { provider: 'farcaster', subject: '4242', email: undefined },
      ]) {
        const account = await backend.store.identities.accountFor(identity)
        const { token } = await backend.store.embedded.createSession(account.id, deviceOf(3), 60_000)
        const split = await splitForDevice(deviceOf(3))
        expect((await call(backend, 'POST', '/v1/embedded/shares', split.body, token)).status).toBe(201)
        visitors.push({ kind: identity.provider, email: account.email, ...split, password: `${identity.provider} recovery words` })
        await protect(backend, token, visitors.at(-1)!)
      }
    } finally {
      await backend.stop()
    }

    // The attacker's copy: the whole data directory, and the environment (the server secret).
    const copy = join(dir, 'copy')
    await cp(dataDir, copy, { recursive: true })
    const files = await filesUnder(copy)
    expect(files.length).toBeGreaterThan(10)
    for (const visitor of visitors) {
      for (const [what, hex] of [['key', visitor.key], ['device share', visitor.shares.device], ['auth share', visitor.shares.auth], ['recovery share', visitor.shares.recovery]] as const) {
        expect(holding(files, Buffer.from(hex.slice(2))), `${visitor.kind}: ${what} in hex`).toEqual([])
        expect(holding(files, Buffer.from(hex.slice(2).toUpperCase())), `${visitor.kind}: ${what} in HEX`).toEqual([])
        expect(holding(files, Buffer.from(hexToBytes(hex))), `${visitor.kind}: ${what} as bytes`).toEqual([])
      }
      expect(holding(files, Buffer.from(visitor.email)), `${visitor.kind}: the email in clear`).toEqual([])
      expect(holding(files, Buffer.from(visitor.password)), `${visitor.kind}: the recovery password`).toEqual([])
    }

    const sql = await PgliteSqlClient.open(copy)
    const secret = ServerSecret.fromHex(secretHex)
    try {
      // The pending codes (the export's, and another device's login): stored as keyed hashes;
      // without the secret, no code of the million matches either.
      const codes = (await sql.query<{ id: string; code_hash: string; purpose: string }>('SELECT id, code_hash, purpose FROM email_codes WHERE used_at IS NULL ORDER BY purpose')).rows
      expect(codes.map((row) => row.purpose)).toEqual(['export', 'login'])
      expect(secret.macEquals('code', `${codes[0]!.id}:${pendingCode}`, codes[0]!.code_hash)).toBe(true)
      let unkeyed = 0
      for (const row of codes) {
        for (let n = 0; n < 1_000_000; n++) {
          const guess = String(n).padStart(6, '0')
          if (createHash('sha256').update(`${row.id}:${guess}`).digest('hex') === row.code_hash || createHash('sha256').update(guess).digest('hex') === row.code_hash) unkeyed++
        }
      }
      expect(unkeyed).toBe(0)

      // With the secret, every sealed value opens: one auth share per account, and the recovery share sealed by the visitor.
      const rows = (await sql.query<{ account_id: string; device_id: string; auth_share_sealed: string; recovery_sealed: string }>('SELECT * FROM embedded_key_shares')).rows
      expect(rows).toHaveLength(visitors.length)
      for (const visitor of visitors) {
        const mine = rows.filter((r) => r.auth_share_sealed && secret.open(r.auth_share_sealed, `auth-share:${r.account_id}:${r.device_id}`) === visitor.shares.auth)
        expect(mine, visitor.kind).toHaveLength(1)
        const share = mine[0]!
        const [recovery, ...others] = RecoverySeal.parse(secret.open(share.recovery_sealed, `recovery-share:${share.account_id}:${share.device_id}`))
        expect(others).toEqual([])
        expect(recovery!.kind).toBe('password')
        // What the attacker can make of it: the auth share alone, or with a guessed password.
        const candidates: Uint8Array[] = [hexToBytes(visitor.shares.auth)]
        for (const guess of ['password123', 'portico-wallet', `${visitor.kind}-2026`]) {
          await expect(RecoverySeal.open(recovery!, await RecoverySeal.secretFor(recovery!, { password: guess }))).rejects.toThrow('Wrong recovery password')
        }
        // One share and nothing else: the library refuses to combine fewer than two, and any second guess gives another key.
        await expect(combine(candidates)).rejects.toThrow()
        const forged = await combine([...candidates, hexToBytes(bytesToHex(randomBytes(33)))]).then((bytes) => privateKeyToAccount(bytesToHex(bytes)).address, () => 'none')
        expect(forged).not.toBe(visitor.address)
        // The visitor, with their password, does rebuild it: the test would see a leak.
        const opened = await RecoverySeal.open(recovery!, await RecoverySeal.secretFor(recovery!, { password: visitor.password }))
        expect(privateKeyToAccount(bytesToHex(await combine([hexToBytes(opened), ...candidates]))).address).toBe(visitor.address)
      }
    } finally {
      await sql.close()
    }
  }, 180_000)

  it('seals a key escrowed before key splitting at the upgrade, hands it once to the next login, and drops it once split', async () => {
    const dataDir = join(dir, 'legacy')
    const old = await PgliteSqlClient.open(dataDir)
    const legacyKey = generatePrivateKey()
    const address = privateKeyToAccount(legacyKey).address
    const email = `legacy-${Date.now()}@example.com`
    await migrate(old, MIGRATIONS.filter((m) => m.version <= 5))
    await old.query('INSERT INTO embedded_accounts (id, email, address, key_escrow, created_at) VALUES ($1, $2, $3, $4, $5)', ['acc-legacy', email, address, legacyKey, Date.now()])
    await old.close()

    const secret = ServerSecret.fromHex(randomBytes(32).toString('hex'))
    const backend = await startBackend({ storage: { dataDir }, secret, smtpUrl: sink.smtpUrl, embedded: { mailIntervalMs: 0 } })
    try {
      const columns = (await (backend.store.embedded as unknown as { sql: PgliteSqlClient }).sql.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'embedded_accounts'`)).rows.map((r) => r.column_name)
      expect(columns).not.toContain('key_escrow')
      expect(columns).not.toContain('email')
      const device = deviceOf(5)
      // An existing account on an unknown device gets a code for that device, as any address does.
      await call(backend, 'POST', '/v1/embedded/email/connect', { email, deviceId: device })
      const login = await call(backend, 'POST', '/v1/embedded/email/verify', { email, deviceId: device, otp: await codeIn(email) })
      expect(login.body).toMatchObject({ address, legacyKey, deviceShare: false })
      const split = await splitForDevice(device, login.body.legacyKey)
      expect((await call(backend, 'POST', '/v1/embedded/shares', split.body, login.body.token)).status).toBe(201)
      // Split: the next login gets no key, and the account keeps its address.
      const again = await backend.store.keyShares.legacyKey('acc-legacy')
      expect(again).toBeUndefined()
      expect((await call(backend, 'GET', '/v1/embedded/session', undefined, login.body.token)).body).toEqual({ email, address })
    } finally {
      await backend.stop()
    }
    // The tables were rewritten (VACUUM FULL): no table file keeps the old key. The write-ahead
    // log of the upgrade still does until PostgreSQL reuses and overwrites that segment; the
    // README's key-custody section says so (rotate or wipe pg_wal after upgrading an escrow).
    const files = (await filesUnder(dataDir)).filter((file) => !file.path.includes('/pg_wal/'))
    expect(files.some((file) => file.path.includes('/base/'))).toBe(true)
    expect(holding(files, Buffer.from(legacyKey.slice(2)))).toEqual([])
  }, 120_000)
})
