import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto'
import type { SqlClient } from './SqlClient'

/** What a code is for: a login, or the two steps of an email change. */
export type CodePurpose = 'login' | 'change_primary' | 'change_secondary'

export type EmbeddedAccount = { id: string; email: string; address: string | null; keyEscrow: string | null }

/** Why a code was refused; the routes turn each into its words. */
export type CodeCheck =
  | { ok: true; newEmail: string | null }
  | { ok: false; reason: 'none' | 'expired' | 'locked' }
  | { ok: false; reason: 'wrong'; attemptsLeft: number }

const hash = (value: string) => createHash('sha256').update(value).digest('hex')
const lower = (email: string) => email.trim().toLowerCase()

/**
 * The embedded wallet's tables (migration 3): accounts by email, approved devices, session tokens
 * (kept only as SHA-256 hashes), one-time codes with attempts and expiry, the per-address send
 * limit, and each project's allowed origins.
 */
export class EmbeddedStore {
  constructor(private readonly sql: SqlClient) {}

  async account(email: string): Promise<EmbeddedAccount | undefined> {
    const [row] = (await this.sql.query<{ id: string; email: string; address: string | null; key_escrow: string | null }>(
      'SELECT id, email, address, key_escrow FROM embedded_accounts WHERE lower(email) = $1', [lower(email)])).rows
    return row && { id: row.id, email: row.email, address: row.address, keyEscrow: row.key_escrow }
  }

  async accountById(id: string): Promise<EmbeddedAccount | undefined> {
    const [row] = (await this.sql.query<{ id: string; email: string; address: string | null; key_escrow: string | null }>(
      'SELECT id, email, address, key_escrow FROM embedded_accounts WHERE id = $1', [id])).rows
    return row && { id: row.id, email: row.email, address: row.address, keyEscrow: row.key_escrow }
  }

  /** The account of `email`, created when there is none. */
  async ensureAccount(email: string, now = Date.now()): Promise<EmbeddedAccount> {
    await this.sql.query('INSERT INTO embedded_accounts (id, email, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [randomUUID(), email.trim(), now])
    return (await this.account(email))!
  }

  /** Records the account's address and key escrow once; false when it already has another address. */
  async setAddress(accountId: string, address: string, keyEscrow: string): Promise<boolean> {
    const { rowCount } = await this.sql.query(
      'UPDATE embedded_accounts SET address = $2, key_escrow = $3 WHERE id = $1 AND (address IS NULL OR lower(address) = lower($2))', [accountId, address, keyEscrow])
    return rowCount > 0
  }

  async changeEmail(accountId: string, newEmail: string): Promise<void> {
    await this.sql.query('UPDATE embedded_accounts SET email = $2 WHERE id = $1', [accountId, newEmail.trim()])
  }

  /** Milliseconds to wait before another mail may go to `email` (0: now), given one per `intervalMs`. */
  async sendWait(email: string, intervalMs: number, now = Date.now()): Promise<number> {
    const [row] = (await this.sql.query<{ last: unknown }>('SELECT max(window_start) AS last FROM rate_limits WHERE bucket = $1', [`mail:${lower(email)}`])).rows
    const last = row?.last === null || row?.last === undefined ? undefined : Number(row.last)
    return last === undefined ? 0 : Math.max(0, last + intervalMs - now)
  }

  async recordSend(email: string, now = Date.now()): Promise<void> {
    await this.sql.query('INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1) ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1', [`mail:${lower(email)}`, now])
  }

  /** A fresh six-digit code for `email`; earlier unused codes of the same purpose stop working. */
  async createCode(email: string, purpose: CodePurpose, ttlMs: number, options: { newEmail?: string; now?: number } = {}): Promise<string> {
    const now = options.now ?? Date.now()
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const id = randomUUID()
    await this.sql.transaction(async (tx) => {
      await tx.query('UPDATE email_codes SET used_at = $3 WHERE lower(email) = $1 AND purpose = $2 AND used_at IS NULL', [lower(email), purpose, now])
      await tx.query('INSERT INTO email_codes (id, email, code_hash, created_at, expires_at, purpose, new_email) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [id, lower(email), hash(`${id}:${code}`), now, now + ttlMs, purpose, options.newEmail ?? null])
    })
    return code
  }

  /** Checks a code against the latest unused one of `email` and `purpose`; a wrong one uses up an attempt. */
  async checkCode(email: string, purpose: CodePurpose, code: string, maxAttempts: number, now = Date.now()): Promise<CodeCheck> {
    return this.sql.transaction(async (tx) => {
      const [row] = (await tx.query<{ id: string; code_hash: string; expires_at: unknown; attempts: number; new_email: string | null }>(
        'SELECT id, code_hash, expires_at, attempts, new_email FROM email_codes WHERE lower(email) = $1 AND purpose = $2 AND used_at IS NULL ORDER BY created_at DESC LIMIT 1 FOR UPDATE',
        [lower(email), purpose])).rows
      if (!row) return { ok: false, reason: 'none' }
      if (Number(row.expires_at) <= now) return { ok: false, reason: 'expired' }
      if (row.attempts >= maxAttempts) return { ok: false, reason: 'locked' }
      if (hash(`${row.id}:${code}`) !== row.code_hash) {
        await tx.query('UPDATE email_codes SET attempts = attempts + 1 WHERE id = $1', [row.id])
        const attemptsLeft = maxAttempts - row.attempts - 1
        return attemptsLeft <= 0 ? { ok: false, reason: 'locked' } : { ok: false, reason: 'wrong', attemptsLeft }
      }
      await tx.query('UPDATE email_codes SET used_at = $2 WHERE id = $1', [row.id, now])
      return { ok: true, newEmail: row.new_email }
    })
  }

  async isDeviceApproved(email: string, deviceId: string): Promise<boolean> {
    const { rowCount } = await this.sql.query('SELECT 1 FROM embedded_devices WHERE email = $1 AND device_id = $2 AND approved_at IS NOT NULL', [lower(email), deviceId])
    return rowCount > 0
  }

  async approveDevice(email: string, deviceId: string, now = Date.now()): Promise<void> {
    await this.sql.query(
      'INSERT INTO embedded_devices (email, device_id, created_at, approved_at) VALUES ($1, $2, $3, $3) ON CONFLICT (email, device_id) DO UPDATE SET approved_at = $3, link_token_hash = NULL',
      [lower(email), deviceId, now])
  }

  /** A link token that approves `deviceId` for `email` (replacing an earlier one). */
  async createDeviceLink(email: string, deviceId: string, now = Date.now()): Promise<string> {
    const token = randomBytes(24).toString('hex')
    await this.sql.query(
      'INSERT INTO embedded_devices (email, device_id, link_token_hash, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (email, device_id) DO UPDATE SET link_token_hash = $3, created_at = $4',
      [lower(email), deviceId, hash(token), now])
    return token
  }

  /** Approves the device a link token names, if it is unused and younger than `ttlMs`; returns its email. */
  async useDeviceLink(token: string, ttlMs: number, now = Date.now()): Promise<{ email: string; deviceId: string } | undefined> {
    const [row] = (await this.sql.query<{ email: string; device_id: string }>(
      'UPDATE embedded_devices SET approved_at = $2, link_token_hash = NULL WHERE link_token_hash = $1 AND created_at > $3 RETURNING email, device_id',
      [hash(token), now, now - ttlMs])).rows
    return row && { email: row.email, deviceId: row.device_id }
  }

  async createSession(accountId: string, deviceId: string, ttlMs: number, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('hex')
    await this.sql.query('INSERT INTO embedded_sessions (token_hash, account_id, device_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [hash(token), accountId, deviceId, now, now + ttlMs])
    return { token, expiresAt: now + ttlMs }
  }

  async session(token: string, now = Date.now()): Promise<{ status: 'live' | 'expired' | 'revoked'; account: EmbeddedAccount; deviceId: string } | undefined> {
    const [row] = (await this.sql.query<{ account_id: string; device_id: string; expires_at: unknown; revoked_at: unknown }>(
      'SELECT account_id, device_id, expires_at, revoked_at FROM embedded_sessions WHERE token_hash = $1', [hash(token)])).rows
    if (!row) return undefined
    const account = await this.accountById(row.account_id)
    if (!account) return undefined
    const status = row.revoked_at !== null ? 'revoked' : Number(row.expires_at) <= now ? 'expired' : 'live'
    return { status, account, deviceId: row.device_id }
  }

  async revokeSession(token: string, now = Date.now()): Promise<boolean> {
    const { rowCount } = await this.sql.query('UPDATE embedded_sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [hash(token), now])
    return rowCount > 0
  }

  /** The allowed-origin patterns of a project; empty when it has none of its own. */
  async projectOrigins(projectId: string): Promise<string[]> {
    const { rows } = await this.sql.query<{ pattern: string }>('SELECT pattern FROM project_origins WHERE project_id = $1 ORDER BY pattern', [projectId])
    return rows.map((row) => row.pattern)
  }

  async setProjectOrigins(projectId: string, patterns: readonly string[]): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query('DELETE FROM project_origins WHERE project_id = $1', [projectId])
      for (const pattern of patterns) await tx.query('INSERT INTO project_origins (project_id, pattern) VALUES ($1, $2)', [projectId, pattern])
    })
  }
}
