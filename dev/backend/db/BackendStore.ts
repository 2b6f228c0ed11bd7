import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { EmbeddedStore } from './EmbeddedStore'
import { IdentityStore } from './IdentityStore'
import { SponsorshipStore } from './SponsorshipStore'
import { LoginAttemptStore } from './LoginAttemptStore'
import { RateLimitStore } from './RateLimitStore'
import { KeyShareStore } from './KeyShareStore'
import { ServerSecret } from '../ServerSecret'
import type { SqlClient, SqlQueryable } from './SqlClient'
import type { SiwxBackendSession } from '../../../src/siwx/SiwxBackend'

/** A registered name as the profile endpoints return it. */
export type NameRecord = {
  name: string
  /** Unix seconds. */
  registered: number
  updated: number
  addresses: Record<string, { address: string; created: number }>
  attributes: Record<string, string>
}

/** A sign-in session as the session endpoints return it (the client's type, without its token). */
export type SessionRecord = Omit<SiwxBackendSession, 'token'>

/** Why a name could not be registered. */
export class NameTakenError extends Error {
  override name = 'NameTakenError'
  constructor(readonly takenName: string) {
    super(`The name ${takenName} is already registered`)
  }
}

/** Why a sign-in nonce was refused. */
export class NonceRejectedError extends Error {
  override name = 'NonceRejectedError'
  constructor(readonly reason: 'unknown' | 'used' | 'expired') {
    super(
      reason === 'unknown' ? 'nonce: was not issued by this backend'
        : reason === 'used' ? 'nonce: has already been used'
          : 'nonce: has expired, ask for a new one',
    )
  }
}

/**
 * What the backend keeps: names and their addresses, sign-in nonces and sessions. The routes
 * talk to this interface only, never to SQL.
 */
export interface BackendStore {
  readonly kind: SqlClient['kind']
  /** The embedded wallet's accounts, devices, sessions, codes and allowed origins. */
  readonly embedded: EmbeddedStore
  /** Social and Farcaster identities, each linked to one embedded-wallet account. */
  readonly identities: IdentityStore
  /** The paymaster service's count of sponsored UserOperations. */
  readonly sponsorships: SponsorshipStore
  /** Rate limits shared by every process on the same database. */
  readonly limits: RateLimitStore
  /** Email logins in progress, by the token their caller holds. */
  readonly loginAttempts: LoginAttemptStore
  /** The backend's shares of the embedded keys, per device. */
  readonly keyShares: KeyShareStore
  register(input: { name: string; coinType: string; address: string; attributes?: Record<string, string>; now?: number }): Promise<NameRecord>
  lookup(name: string): Promise<NameRecord | undefined>
  reverse(address: string): Promise<NameRecord[]>
  isRegistered(name: string): Promise<boolean>
  /** A fresh single-use nonce, valid for `ttlMs`. */
  createNonce(ttlMs: number, now?: number): Promise<{ nonce: string; expiresAt: number }>
  /** Throws {@link NonceRejectedError} unless the nonce was issued, is unused and unexpired. */
  checkNonce(nonce: string, now?: number): Promise<void>
  /**
   * Marks the nonce used and stores the session, atomically: of two calls with one nonce,
   * exactly one succeeds. Returns the session and its bearer token (kept only as a hash).
   */
  createSignedSession(input: { nonce: string; caipAddress: string; domain: string; message: string; signature: string; expiresAt: number; now?: number }): Promise<{ session: SessionRecord; token: string }>
  /** A session without a nonce (the older `POST /v1/sessions`), with the bearer token its holder got (kept as a hash). */
  addSession(session: SessionRecord, token: string): Promise<void>
  /** Live sessions of an account (CAIP-10, case-insensitive), oldest first. */
  sessions(caipAddress: string, now?: number): Promise<SessionRecord[]>
  /** The session a bearer token stands for: live, expired, revoked, or unknown. */
  sessionByToken(token: string, now?: number): Promise<{ status: 'live' | 'expired' | 'revoked'; session: SessionRecord } | undefined>
  /**
   * Revokes a session; false when there was no such live session. `unsignedOnly` limits it to
   * sessions opened without a nonce (the older endpoint, whose callers hold a token of the same address).
   */
  revokeSession(id: string, options?: { now?: number; unsignedOnly?: boolean }): Promise<boolean>
  /** Records an on-ramp purchase a visitor started (status `pending`). */
  /** A pending order; `buyerToken` lists it later and `secret` completes it (both kept as hashes). */
  createOnrampOrder(order: Omit<OnrampOrder, 'status' | 'txHash' | 'createdAt' | 'updatedAt'> & { buyerToken: string; secret: string; now?: number }): Promise<OnrampOrder>
  onrampOrder(id: string): Promise<OnrampOrder | undefined>
  /** An account's on-ramp purchases (CAIP-10, case-insensitive), newest first. */
  onrampOrders(caipAddress: string, buyerToken: string): Promise<OnrampOrder[]>
  /** Whether `secret` is the order's own (the one in its widget URL). */
  isOnrampOrderSecret(id: string, secret: string): Promise<boolean>
  /** Marks a pending purchase `completed` (with the payout's hash) or `failed`; false when it was not pending. */
  settleOnrampOrder(id: string, outcome: { status: 'completed' | 'failed'; txHash?: string; now?: number }): Promise<boolean>
  /** Throws when the database does not answer. */
  ping(): Promise<void>
  close(): Promise<void>
}

/** An on-ramp purchase of the dev provider: created with the widget URL, settled when the page completes it. */
export type OnrampOrder = {
  id: string
  caipAddress: string
  paymentCurrency: string
  paymentAmount: string
  purchaseCurrency: string
  purchaseAmount: string
  status: 'pending' | 'completed' | 'failed'
  /** The payout transaction, once completed. */
  txHash: string | null
  createdAt: number
  updatedAt: number
}

type OrderRow = {
  id: string; caip_address: string; payment_currency: string; payment_amount: string; purchase_currency: string
  purchase_amount: string | null; status: OnrampOrder['status']; tx_hash: string | null; created_at: unknown; updated_at: unknown
}

const toOrder = (row: OrderRow): OnrampOrder => ({
  id: row.id, caipAddress: row.caip_address, paymentCurrency: row.payment_currency, paymentAmount: row.payment_amount,
  purchaseCurrency: row.purchase_currency, purchaseAmount: row.purchase_amount ?? '0', status: row.status, txHash: row.tx_hash,
  createdAt: Number(row.created_at), updatedAt: Number(row.updated_at),
})

type NameRow = { name: string; attributes: Record<string, string> | string; registered: unknown; updated: unknown }
type SessionRow = { id: string; caip_address: string; message: string; signature: string; created_at: unknown; expires_at: unknown; revoked_at: unknown }

const seconds = (ms = Date.now()) => Math.floor(ms / 1000)
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')
/** EIP-4361 nonces are alphanumeric, at least 8 characters: 128 random bits as hex. */
const newNonce = () => randomBytes(16).toString('hex')

const toSession = (row: SessionRow): SessionRecord => ({
  id: row.id,
  caipAddress: row.caip_address,
  message: row.message,
  signature: row.signature,
  createdAt: Number(row.created_at),
  expiresAt: row.expires_at === null ? null : Number(row.expires_at),
})

/**
 * {@link BackendStore} over SQL (PGlite or PostgreSQL, same statements).
 *
 * @example
 * const store = new SqlBackendStore(await PgliteSqlClient.open('memory://'))
 * await migrate(sql)
 * await store.register({ name: 'alice.portico.id', coinType: '60', address: '0x…' })
 */
export class SqlBackendStore implements BackendStore {
  readonly kind: SqlClient['kind']
  readonly embedded: EmbeddedStore
  readonly identities: IdentityStore
  readonly sponsorships: SponsorshipStore
  readonly limits: RateLimitStore
  readonly loginAttempts: LoginAttemptStore
  readonly keyShares: KeyShareStore
  /** `secret`: the server secret that keys the embedded tables' hashes and seals (a random one keeps nothing readable across restarts). */
  constructor(private readonly sql: SqlClient, secret: ServerSecret = ServerSecret.random()) {
    this.kind = sql.kind
    this.limits = new RateLimitStore(sql)
    this.loginAttempts = new LoginAttemptStore(sql, secret)
    this.embedded = new EmbeddedStore(sql, secret)
    this.identities = new IdentityStore(sql, this.embedded)
    this.sponsorships = new SponsorshipStore(sql)
    this.keyShares = new KeyShareStore(sql, secret)
  }

  async register(input: { name: string; coinType: string; address: string; attributes?: Record<string, string>; now?: number }): Promise<NameRecord> {
    const name = input.name.toLowerCase()
    const now = input.now ?? seconds()
    const attributes = JSON.stringify(input.attributes ?? {})
    return this.sql.transaction(async (tx) => {
      // The first registration of a name makes its signer the owner; the row lock below
      // serializes every later registration of the same name.
      const created = await tx.query(
        'INSERT INTO names (name, owner, attributes, registered, updated) VALUES ($1, lower($2), $3::jsonb, $4, $4) ON CONFLICT (name) DO NOTHING RETURNING name',
        [name, input.address, attributes, now],
      )
      if (!created.rowCount) {
        const { rows } = await tx.query<{ owner: string }>('SELECT owner FROM names WHERE name = $1 FOR UPDATE', [name])
        if (rows[0]!.owner !== input.address.toLowerCase()) throw new NameTakenError(name)
        await tx.query('UPDATE names SET attributes = attributes || $2::jsonb, updated = $3 WHERE name = $1', [name, attributes, now])
      }
      await tx.query(
        `INSERT INTO name_addresses (name, coin_type, address, created) VALUES ($1, $2, $3, $4)
         ON CONFLICT (name, coin_type) DO UPDATE SET address = EXCLUDED.address`,
        [name, input.coinType, input.address, now],
      )
      return (await this.lookupIn(tx, name))!
    })
  }

  lookup(name: string) {
    return this.lookupIn(this.sql, name.toLowerCase())
  }

  private async lookupIn(db: SqlQueryable, name: string): Promise<NameRecord | undefined> {
    const [row] = (await db.query<NameRow>('SELECT name, attributes, registered, updated FROM names WHERE name = $1', [name])).rows
    if (!row) return undefined
    const addresses: NameRecord['addresses'] = {}
    const { rows } = await db.query<{ coin_type: string; address: string; created: unknown }>(
      'SELECT coin_type, address, created FROM name_addresses WHERE name = $1 ORDER BY coin_type', [name],
    )
    for (const a of rows) addresses[a.coin_type] = { address: a.address, created: Number(a.created) }
    return {
      name: row.name,
      registered: Number(row.registered),
      updated: Number(row.updated),
      addresses,
      attributes: typeof row.attributes === 'string' ? (JSON.parse(row.attributes) as Record<string, string>) : row.attributes,
    }
  }

  async reverse(address: string): Promise<NameRecord[]> {
    const { rows } = await this.sql.query<{ name: string }>(
      'SELECT name FROM name_addresses WHERE lower(address) = lower($1) GROUP BY name ORDER BY min(created), name', [address],
    )
    const records = await Promise.all(rows.map((row) => this.lookupIn(this.sql, row.name)))
    return records.filter((record): record is NameRecord => record !== undefined)
  }

  async isRegistered(name: string): Promise<boolean> {
    return (await this.sql.query('SELECT 1 FROM names WHERE name = $1', [name.toLowerCase()])).rowCount > 0
  }

  async createNonce(ttlMs: number, now = Date.now()) {
    const nonce = newNonce()
    await this.sql.query('INSERT INTO siwx_nonces (nonce, created_at, expires_at) VALUES ($1, $2, $3)', [nonce, now, now + ttlMs])
    return { nonce, expiresAt: now + ttlMs }
  }

  async checkNonce(nonce: string, now = Date.now()) {
    await this.nonceProblem(this.sql, nonce, now)
  }

  /** Throws why a nonce cannot be used. */
  private async nonceProblem(db: SqlQueryable, nonce: string, now: number) {
    const [row] = (await db.query<{ expires_at: unknown; used_at: unknown }>('SELECT expires_at, used_at FROM siwx_nonces WHERE nonce = $1', [nonce])).rows
    if (!row) throw new NonceRejectedError('unknown')
    if (row.used_at !== null) throw new NonceRejectedError('used')
    if (Number(row.expires_at) <= now) throw new NonceRejectedError('expired')
  }

  async createSignedSession(input: { nonce: string; caipAddress: string; domain: string; message: string; signature: string; expiresAt: number; now?: number }) {
    const now = input.now ?? Date.now()
    return this.sql.transaction(async (tx) => {
      const used = await tx.query(
        'UPDATE siwx_nonces SET used_at = $2 WHERE nonce = $1 AND used_at IS NULL AND expires_at > $2 RETURNING nonce', [input.nonce, now],
      )
      if (!used.rowCount) {
        await this.nonceProblem(tx, input.nonce, now)
        throw new NonceRejectedError('used') // raced: another request used it between the two reads
      }
      const token = randomBytes(32).toString('base64url')
      const session: SessionRecord = {
        id: randomUUID(), caipAddress: input.caipAddress, message: input.message, signature: input.signature, createdAt: now, expiresAt: input.expiresAt,
      }
      await tx.query(
        `INSERT INTO siwx_sessions (id, token_hash, caip_address, domain, nonce, message, signature, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [session.id, tokenHash(token), session.caipAddress, input.domain, input.nonce, session.message, session.signature, now, session.expiresAt],
      )
      return { session, token }
    })
  }

  async addSession(session: SessionRecord, token: string) {
    await this.sql.query(
      'INSERT INTO siwx_sessions (id, token_hash, caip_address, message, signature, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [session.id, tokenHash(token), session.caipAddress, session.message, session.signature, session.createdAt, session.expiresAt],
    )
  }

  async sessions(caipAddress: string, now = Date.now()): Promise<SessionRecord[]> {
    const { rows } = await this.sql.query<SessionRow>(
      `SELECT * FROM siwx_sessions WHERE lower(caip_address) = lower($1) AND revoked_at IS NULL
       AND (expires_at IS NULL OR expires_at > $2) ORDER BY created_at, id`,
      [caipAddress, now],
    )
    return rows.map(toSession)
  }

  async sessionByToken(token: string, now = Date.now()) {
    const [row] = (await this.sql.query<SessionRow>('SELECT * FROM siwx_sessions WHERE token_hash = $1', [tokenHash(token)])).rows
    if (!row) return undefined
    const session = toSession(row)
    const status = row.revoked_at !== null ? 'revoked' as const : session.expiresAt !== null && session.expiresAt <= now ? 'expired' as const : 'live' as const
    return { status, session }
  }

  async revokeSession(id: string, options: { now?: number; unsignedOnly?: boolean } = {}): Promise<boolean> {
    const { rowCount } = await this.sql.query(
      `UPDATE siwx_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL${options.unsignedOnly ? ' AND nonce IS NULL' : ''}`,
      [id, options.now ?? Date.now()],
    )
    return rowCount > 0
  }

  async createOnrampOrder(order: Omit<OnrampOrder, 'status' | 'txHash' | 'createdAt' | 'updatedAt'> & { buyerToken: string; secret: string; now?: number }): Promise<OnrampOrder> {
    const now = order.now ?? Date.now()
    await this.sql.query(
      `INSERT INTO onramp_orders (id, caip_address, payment_currency, payment_amount, purchase_currency, purchase_amount, status, created_at, updated_at, buyer_hash, secret_hash)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7, $8, $9)`,
      [order.id, order.caipAddress, order.paymentCurrency, order.paymentAmount, order.purchaseCurrency, order.purchaseAmount, now, tokenHash(order.buyerToken), tokenHash(order.secret)],
    )
    return (await this.onrampOrder(order.id))!
  }

  async onrampOrder(id: string): Promise<OnrampOrder | undefined> {
    const [row] = (await this.sql.query<OrderRow>('SELECT * FROM onramp_orders WHERE id = $1', [id])).rows
    return row && toOrder(row)
  }

  async onrampOrders(caipAddress: string, buyerToken: string): Promise<OnrampOrder[]> {
    const { rows } = await this.sql.query<OrderRow>(
      'SELECT * FROM onramp_orders WHERE lower(caip_address) = lower($1) AND buyer_hash = $2 ORDER BY created_at DESC, id', [caipAddress, tokenHash(buyerToken)],
    )
    return rows.map(toOrder)
  }

  async isOnrampOrderSecret(id: string, secret: string): Promise<boolean> {
    const { rowCount } = await this.sql.query('SELECT 1 FROM onramp_orders WHERE id = $1 AND secret_hash = $2', [id, tokenHash(secret)])
    return rowCount > 0
  }

  async settleOnrampOrder(id: string, outcome: { status: 'completed' | 'failed'; txHash?: string; now?: number }): Promise<boolean> {
    const { rowCount } = await this.sql.query(
      "UPDATE onramp_orders SET status = $2, tx_hash = $3, updated_at = $4 WHERE id = $1 AND status = 'pending'",
      [id, outcome.status, outcome.txHash ?? null, outcome.now ?? Date.now()],
    )
    return rowCount > 0
  }

  async ping() {
    await this.sql.query('SELECT 1')
  }

  close() {
    return this.sql.close()
  }
}
