import type { ServerSecret } from '../ServerSecret'
import { legacyKeyContext } from './keyCustodyMigration'
import type { SqlClient } from './SqlClient'

/** A device that holds a share of an account's key, as the Account page lists it. */
export type KeyDevice = { deviceId: string; createdAt: number; recovery: boolean }

const shareContext = (accountId: string, deviceId: string) => `auth-share:${accountId}:${deviceId}`
const recoveryContext = (accountId: string, deviceId: string) => `recovery-share:${accountId}:${deviceId}`

/**
 * The backend's part of each embedded key (migration 6). Every device splits the key 2-of-3 on
 * its own: it keeps the device share, the backend keeps the auth share (sealed under the server
 * secret, bound to that account and device), and the recovery share is kept here too once the
 * visitor sealed it with a passkey or a recovery password (then sealed again under the server
 * secret). The backend never holds two usable shares of one split: the recovery share needs the
 * visitor's passkey or password to open.
 */
export class KeyShareStore {
  constructor(private readonly sql: SqlClient, private readonly secret: ServerSecret) {}

  /** Stores the auth share of `deviceId`'s split (replacing an earlier one), with its sealed recovery share if given. */
  async put(accountId: string, deviceId: string, authShare: string, recovery: string | undefined, now = Date.now()): Promise<void> {
    await this.sql.query(
      `INSERT INTO embedded_key_shares (account_id, device_id, auth_share_sealed, recovery_sealed, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id, device_id) DO UPDATE SET auth_share_sealed = $3, recovery_sealed = $4, created_at = $5`,
      [accountId, deviceId, this.secret.seal(authShare, shareContext(accountId, deviceId)), recovery ? this.secret.seal(recovery, recoveryContext(accountId, deviceId)) : null, now])
  }

  /** The auth share of `deviceId`'s split, or undefined when that device holds none (new, or revoked). */
  async authShare(accountId: string, deviceId: string): Promise<string | undefined> {
    const [row] = (await this.sql.query<{ auth_share_sealed: string }>('SELECT auth_share_sealed FROM embedded_key_shares WHERE account_id = $1 AND device_id = $2', [accountId, deviceId])).rows
    return row && this.secret.open(row.auth_share_sealed, shareContext(accountId, deviceId))
  }

  /** Sets the recovery share (sealed by the visitor) of `deviceId`'s split; false when that device holds no split. */
  async setRecovery(accountId: string, deviceId: string, recovery: string): Promise<boolean> {
    const { rowCount } = await this.sql.query('UPDATE embedded_key_shares SET recovery_sealed = $3 WHERE account_id = $1 AND device_id = $2',
      [accountId, deviceId, this.secret.seal(recovery, recoveryContext(accountId, deviceId))])
    return rowCount > 0
  }

  /** The newest split that has a recovery share: its device (whose auth share pairs with it) and the share, still sealed by the visitor. */
  async recovery(accountId: string): Promise<{ deviceId: string; recovery: string } | undefined> {
    const [row] = (await this.sql.query<{ device_id: string; recovery_sealed: string }>(
      'SELECT device_id, recovery_sealed FROM embedded_key_shares WHERE account_id = $1 AND recovery_sealed IS NOT NULL ORDER BY created_at DESC LIMIT 1', [accountId])).rows
    return row && { deviceId: row.device_id, recovery: this.secret.open(row.recovery_sealed, recoveryContext(accountId, row.device_id)) }
  }

  async devices(accountId: string): Promise<KeyDevice[]> {
    const { rows } = await this.sql.query<{ device_id: string; created_at: unknown; recovery: boolean }>(
      'SELECT device_id, created_at, recovery_sealed IS NOT NULL AS recovery FROM embedded_key_shares WHERE account_id = $1 ORDER BY created_at', [accountId])
    return rows.map((row) => ({ deviceId: row.device_id, createdAt: Number(row.created_at), recovery: Boolean(row.recovery) }))
  }

  /**
   * Revokes a device: its split's auth and recovery shares are deleted (its device share pairs
   * with nothing any more) and its sessions end. False when it held no share.
   */
  async revoke(accountId: string, deviceId: string, now = Date.now()): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const { rowCount } = await tx.query('DELETE FROM embedded_key_shares WHERE account_id = $1 AND device_id = $2', [accountId, deviceId])
      await tx.query('UPDATE embedded_sessions SET revoked_at = $3 WHERE account_id = $1 AND device_id = $2 AND revoked_at IS NULL', [accountId, deviceId, now])
      return rowCount > 0
    })
  }

  /** The key escrowed before migration 6, opened for its one trip to the visitor's device; undefined when there is none. */
  async legacyKey(accountId: string): Promise<string | undefined> {
    const [row] = (await this.sql.query<{ legacy_key_sealed: string | null }>('SELECT legacy_key_sealed FROM embedded_accounts WHERE id = $1', [accountId])).rows
    return row?.legacy_key_sealed ? this.secret.open(row.legacy_key_sealed, legacyKeyContext(accountId)) : undefined
  }

  async dropLegacyKey(accountId: string): Promise<void> {
    await this.sql.query('UPDATE embedded_accounts SET legacy_key_sealed = NULL WHERE id = $1', [accountId])
  }
}
