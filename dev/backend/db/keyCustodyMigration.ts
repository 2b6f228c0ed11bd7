import type { ServerSecret } from '../ServerSecret'
import { ServerSecretError } from '../ServerSecret'
import type { SqlQueryable } from './SqlClient'

/** The keyed hash that stands for an email address in every table (lowercase, trimmed). */
export const emailIndex = (secret: ServerSecret, email: string) => secret.mac('email', email.trim().toLowerCase())
/** The sealing context of an account's email, and of its escrowed key until that is split. */
export const emailContext = (accountId: string) => `email:${accountId}`
export const legacyKeyContext = (accountId: string) => `legacy-key:${accountId}`

/**
 * Migration 6's data step: each account's email becomes a keyed hash (to find it) plus a sealed
 * copy (to mail it), and an escrowed key is sealed under the server secret until the visitor's
 * next login splits it on their device. Device rows are found by the hashed email too. Pending
 * codes, device links and mail limits are short-lived: they are dropped, not converted (a code
 * in flight is asked for again).
 */
export async function keyCustodyData(tx: SqlQueryable, secret: ServerSecret | undefined): Promise<void> {
  const { rows } = await tx.query<{ id: string; email: string; key_escrow: string | null }>('SELECT id, email, key_escrow FROM embedded_accounts')
  const { rows: devices } = await tx.query<{ email_index: string; device_id: string }>('SELECT email_index, device_id FROM embedded_devices')
  if (!secret && (rows.length || devices.length)) {
    throw new ServerSecretError('Migration 6 needs the server secret (PORTICO_SECRET or PORTICO_SECRET_FILE) to seal the embedded accounts already stored')
  }
  for (const row of rows) {
    await tx.query('UPDATE embedded_accounts SET email_index = $2, email_sealed = $3, legacy_key_sealed = $4, key_escrow = NULL WHERE id = $1', [
      row.id,
      emailIndex(secret!, row.email),
      secret!.seal(row.email.trim(), emailContext(row.id)),
      row.key_escrow ? secret!.seal(row.key_escrow, legacyKeyContext(row.id)) : null,
    ])
  }
  for (const device of devices) {
    await tx.query('UPDATE embedded_devices SET email_index = $3, link_token_hash = NULL WHERE email_index = $1 AND device_id = $2',
      [device.email_index, device.device_id, emailIndex(secret!, device.email_index)])
  }
  await tx.query('DELETE FROM email_codes')
  await tx.query(`DELETE FROM rate_limits WHERE bucket LIKE 'mail:%'`)
}
