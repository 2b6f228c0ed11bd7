import { createHash, randomBytes } from 'node:crypto'
import type { ServerSecret } from '../ServerSecret'
import type { SqlClient } from './SqlClient'

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Email logins in progress (table `embedded_login_attempts`): each `email/connect` gets a token
 * that only its caller holds, and asking whether the device was approved needs that token, so
 * nobody else can ask about an email and a device. The email is sealed under the server secret
 * (bound to the token's hash), like every other address the embedded wallet keeps.
 *
 * @example
 * const attempt = await attempts.create('me@example.com', deviceId)
 * await attempts.find(attempt, 15 * 60_000) // { email, deviceId }
 */
export class LoginAttemptStore {
  constructor(private readonly sql: SqlClient, private readonly secret: ServerSecret) {}

  async create(email: string, deviceId: string, now = Date.now()): Promise<string> {
    const token = randomBytes(32).toString('hex')
    const tokenHash = hash(token)
    await this.sql.query('INSERT INTO embedded_login_attempts (token_hash, email_sealed, device_id, created_at) VALUES ($1, $2, $3, $4)',
      [tokenHash, this.secret.seal(email.trim().toLowerCase(), `login-attempt:${tokenHash}`), deviceId, now])
    return token
  }

  /** The email and device of a login attempt younger than `ttlMs`; undefined for an unknown or old token. */
  async find(token: string, ttlMs: number, now = Date.now()): Promise<{ email: string; deviceId: string } | undefined> {
    const tokenHash = hash(token)
    const [row] = (await this.sql.query<{ email_sealed: string; device_id: string }>(
      'SELECT email_sealed, device_id FROM embedded_login_attempts WHERE token_hash = $1 AND created_at > $2', [tokenHash, now - ttlMs])).rows
    return row && { email: this.secret.open(row.email_sealed, `login-attempt:${tokenHash}`), deviceId: row.device_id }
  }
}
