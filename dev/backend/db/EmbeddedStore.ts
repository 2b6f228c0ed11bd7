import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto'
import type { ServerSecret } from '../ServerSecret'
import { emailContext, emailIndex } from './keyCustodyMigration'
import type { SqlClient } from './SqlClient'

/** What a code is for: a login, the two steps of an email change, or the export of the key. */
export type CodePurpose = 'login' | 'change_primary' | 'change_secondary' | 'export'

/**
 * An embedded-wallet account. The email is read back from its sealed copy; `legacyKey` is true
 * while a key escrowed before migration 6 waits to be split at the next login.
 */
export type EmbeddedAccount = { id: string; email: string; address: string | null; legacyKey: boolean }

/** Why a code was refused; the routes turn each into its words. */
export type CodeCheck =
  | { ok: true; newEmail: string | null }
  | { ok: false; reason: 'none' | 'expired' | 'locked' | 'other-device' }
  | { ok: false; reason: 'wrong'; attemptsLeft: number }

type AccountRow = { id: string; email_sealed: string; address: string | null; legacy_key_sealed: string | null }

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const ACCOUNT_COLUMNS = 'id, email_sealed, address, legacy_key_sealed'

/**
 * The embedded wallet's tables: accounts, approved devices, session tokens, one-time codes with
 * attempts and expiry, the per-address send limit, and each project's allowed origins.
 *
 * Nothing here can be read back from the database alone: an email is stored as a keyed hash
 * (HMAC under the server secret, to find it) and a sealed copy (AES-GCM under the same secret, to
 * mail it); codes as keyed hashes; session tokens as SHA-256 hashes of
 * 256 random bits. The secret lives outside the database (see {@link ServerSecret}).
 */
export class EmbeddedStore {
  constructor(private readonly sql: SqlClient, private readonly secret: ServerSecret) {}

  #index(email: string) {
    return emailIndex(this.secret, email)
  }

  #account(row: AccountRow | undefined): EmbeddedAccount | undefined {
    return row && { id: row.id, email: this.secret.open(row.email_sealed, emailContext(row.id)), address: row.address, legacyKey: row.legacy_key_sealed !== null }
  }

  async account(email: string): Promise<EmbeddedAccount | undefined> {
    const [row] = (await this.sql.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM embedded_accounts WHERE email_index = $1`, [this.#index(email)])).rows
    return this.#account(row)
  }

  async accountById(id: string): Promise<EmbeddedAccount | undefined> {
    const [row] = (await this.sql.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM embedded_accounts WHERE id = $1`, [id])).rows
    return this.#account(row)
  }

  /** The account of `email`, created when there is none. */
  async ensureAccount(email: string, now = Date.now()): Promise<EmbeddedAccount> {
    const id = randomUUID()
    await this.sql.query('INSERT INTO embedded_accounts (id, email_index, email_sealed, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [id, this.#index(email), this.secret.seal(email.trim(), emailContext(id)), now])
    return (await this.account(email))!
  }

  /** Records the account's address once; false when it already has another one. */
  async setAddress(accountId: string, address: string): Promise<boolean> {
    const { rowCount } = await this.sql.query(
      'UPDATE embedded_accounts SET address = $2 WHERE id = $1 AND (address IS NULL OR lower(address) = lower($2))', [accountId, address])
    return rowCount > 0
  }

  async changeEmail(accountId: string, newEmail: string): Promise<void> {
    await this.sql.query('UPDATE embedded_accounts SET email_index = $2, email_sealed = $3 WHERE id = $1',
      [accountId, this.#index(newEmail), this.secret.seal(newEmail.trim(), emailContext(accountId))])
  }

  /** The rate-limit bucket of mail to `email`: its keyed hash, so the limits table lists no address. */
  mailBucket(email: string): string {
    return `mail:${this.#index(email)}`
  }

  /**
   * A fresh six-digit code for `email`, for the device that asked (`deviceId`, when the purpose
   * has one); earlier unused codes of the same purpose stop working.
   */
  async createCode(email: string, purpose: CodePurpose, ttlMs: number, options: { newEmail?: string; deviceId?: string; now?: number } = {}): Promise<string> {
    const now = options.now ?? Date.now()
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const id = randomUUID()
    const index = this.#index(email)
    await this.sql.transaction(async (tx) => {
      await tx.query('UPDATE email_codes SET used_at = $3 WHERE email_index = $1 AND purpose = $2 AND used_at IS NULL', [index, purpose, now])
      await tx.query('INSERT INTO email_codes (id, email_index, code_hash, created_at, expires_at, purpose, new_email_sealed, device_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [id, index, this.secret.mac('code', `${id}:${code}`), now, now + ttlMs, purpose, options.newEmail ? this.secret.seal(options.newEmail, `new-email:${id}`) : null, options.deviceId ?? null])
    })
    return code
  }

  /**
   * Checks a code against the latest unused one of `email` and `purpose`; a wrong one uses up an
   * attempt. A code made for one device is refused from another (and counts as a wrong try).
   */
  async checkCode(email: string, purpose: CodePurpose, code: string, maxAttempts: number, options: { deviceId?: string; now?: number } = {}): Promise<CodeCheck> {
    const now = options.now ?? Date.now()
    return this.sql.transaction(async (tx) => {
      const [row] = (await tx.query<{ id: string; code_hash: string; expires_at: unknown; attempts: number; new_email_sealed: string | null; device_id: string | null }>(
        'SELECT id, code_hash, expires_at, attempts, new_email_sealed, device_id FROM email_codes WHERE email_index = $1 AND purpose = $2 AND used_at IS NULL ORDER BY created_at DESC LIMIT 1 FOR UPDATE',
        [this.#index(email), purpose])).rows
      if (!row) return { ok: false, reason: 'none' }
      if (Number(row.expires_at) <= now) return { ok: false, reason: 'expired' }
      if (row.attempts >= maxAttempts) return { ok: false, reason: 'locked' }
      const otherDevice = row.device_id !== null && row.device_id !== options.deviceId
      if (otherDevice || !this.secret.macEquals('code', `${row.id}:${code}`, row.code_hash)) {
        await tx.query('UPDATE email_codes SET attempts = attempts + 1 WHERE id = $1', [row.id])
        if (otherDevice) return { ok: false, reason: 'other-device' }
        const attemptsLeft = maxAttempts - row.attempts - 1
        return attemptsLeft <= 0 ? { ok: false, reason: 'locked' } : { ok: false, reason: 'wrong', attemptsLeft }
      }
      await tx.query('UPDATE email_codes SET used_at = $2 WHERE id = $1', [row.id, now])
      return { ok: true, newEmail: row.new_email_sealed && this.secret.open(row.new_email_sealed, `new-email:${row.id}`) }
    })
  }

  async isDeviceApproved(email: string, deviceId: string): Promise<boolean> {
    const { rowCount } = await this.sql.query('SELECT 1 FROM embedded_devices WHERE email_index = $1 AND device_id = $2 AND approved_at IS NOT NULL AND revoked_at IS NULL',
      [this.#index(email), deviceId])
    return rowCount > 0
  }

  async approveDevice(email: string, deviceId: string, now = Date.now()): Promise<void> {
    await this.sql.query(
      'INSERT INTO embedded_devices (email_index, device_id, created_at, approved_at) VALUES ($1, $2, $3, $3) ON CONFLICT (email_index, device_id) DO UPDATE SET approved_at = $3, link_token_hash = NULL, revoked_at = NULL',
      [this.#index(email), deviceId, now])
  }

  /** Ends the approval of a device for `email` (a revoked device). */
  async unapproveDevice(email: string, deviceId: string, now = Date.now()): Promise<void> {
    await this.sql.query('UPDATE embedded_devices SET revoked_at = $3, approved_at = NULL WHERE email_index = $1 AND device_id = $2', [this.#index(email), deviceId, now])
  }

  async createSession(accountId: string, deviceId: string, ttlMs: number, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('hex')
    await this.sql.query('INSERT INTO embedded_sessions (token_hash, account_id, device_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [sha256(token), accountId, deviceId, now, now + ttlMs])
    return { token, expiresAt: now + ttlMs }
  }

  async session(token: string, now = Date.now()): Promise<{ status: 'live' | 'expired' | 'revoked'; account: EmbeddedAccount; deviceId: string; createdAt: number } | undefined> {
    const [row] = (await this.sql.query<{ account_id: string; device_id: string; created_at: unknown; expires_at: unknown; revoked_at: unknown }>(
      'SELECT account_id, device_id, created_at, expires_at, revoked_at FROM embedded_sessions WHERE token_hash = $1', [sha256(token)])).rows
    if (!row) return undefined
    const account = await this.accountById(row.account_id)
    if (!account) return undefined
    const status = row.revoked_at !== null ? 'revoked' : Number(row.expires_at) <= now ? 'expired' : 'live'
    return { status, account, deviceId: row.device_id, createdAt: Number(row.created_at) }
  }

  async revokeSession(token: string, now = Date.now()): Promise<boolean> {
    const { rowCount } = await this.sql.query('UPDATE embedded_sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [sha256(token), now])
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
