import type { ServerSecret } from '../ServerSecret'
import { keyCustodyData } from './keyCustodyMigration'
import type { SqlClient, SqlQueryable } from './SqlClient'

/**
 * One schema change. Never edit a released one: add the next. `sql` is split at each `;` into
 * statements, so no statement may contain one (no function bodies). `data`, when present, runs
 * after the statements, in the same transaction, for what SQL alone cannot do (what needs the
 * server secret, which never enters the database).
 */
export type Migration = {
  version: number
  name: string
  sql: string
  data?: (tx: SqlQueryable, secret: ServerSecret | undefined) => Promise<void>
}

/** The backend's schema, in order. Times are Unix milliseconds unless a column says otherwise. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'names, sign-in nonces and sessions',
    sql: `
      CREATE TABLE names (
        name TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        attributes JSONB NOT NULL DEFAULT '{}',
        registered BIGINT NOT NULL, -- seconds
        updated BIGINT NOT NULL     -- seconds
      );
      CREATE TABLE name_addresses (
        name TEXT NOT NULL REFERENCES names (name) ON DELETE CASCADE,
        coin_type TEXT NOT NULL,
        address TEXT NOT NULL,
        created BIGINT NOT NULL, -- seconds
        PRIMARY KEY (name, coin_type)
      );
      CREATE INDEX name_addresses_by_address ON name_addresses (lower(address));
      CREATE TABLE siwx_nonces (
        nonce TEXT PRIMARY KEY,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT
      );
      CREATE TABLE siwx_sessions (
        id TEXT PRIMARY KEY,
        token_hash TEXT UNIQUE,
        caip_address TEXT NOT NULL,
        domain TEXT,
        nonce TEXT UNIQUE REFERENCES siwx_nonces (nonce),
        message TEXT NOT NULL,
        signature TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT,
        revoked_at BIGINT
      );
      CREATE INDEX siwx_sessions_by_account ON siwx_sessions (lower(caip_address));
    `,
  },
  {
    version: 2,
    name: 'email codes, rate limits and on-ramp orders (for the embedded wallet and on-ramp work)',
    sql: `
      CREATE TABLE email_codes (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        used_at BIGINT
      );
      CREATE INDEX email_codes_by_email ON email_codes (lower(email), created_at);
      CREATE TABLE rate_limits (
        bucket TEXT NOT NULL,
        window_start BIGINT NOT NULL,
        hits INTEGER NOT NULL,
        PRIMARY KEY (bucket, window_start)
      );
      CREATE TABLE onramp_orders (
        id TEXT PRIMARY KEY,
        caip_address TEXT NOT NULL,
        payment_currency TEXT NOT NULL,
        payment_amount TEXT NOT NULL,
        purchase_currency TEXT NOT NULL,
        purchase_amount TEXT,
        status TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE INDEX onramp_orders_by_account ON onramp_orders (lower(caip_address), created_at);
    `,
  },
  {
    version: 3,
    name: 'embedded wallet: accounts, devices, sessions, email-change codes, allowed origins per project',
    sql: `
      ALTER TABLE email_codes ADD COLUMN purpose TEXT NOT NULL DEFAULT 'login';
      ALTER TABLE email_codes ADD COLUMN new_email TEXT;
      CREATE TABLE embedded_accounts (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        address TEXT,
        key_escrow TEXT,
        created_at BIGINT NOT NULL
      );
      CREATE UNIQUE INDEX embedded_accounts_by_email ON embedded_accounts (lower(email));
      CREATE TABLE embedded_devices (
        email TEXT NOT NULL, -- lowercase
        device_id TEXT NOT NULL,
        link_token_hash TEXT UNIQUE,
        created_at BIGINT NOT NULL,
        approved_at BIGINT,
        PRIMARY KEY (email, device_id)
      );
      CREATE TABLE embedded_sessions (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES embedded_accounts (id) ON DELETE CASCADE,
        device_id TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        revoked_at BIGINT
      );
      CREATE TABLE project_origins (
        project_id TEXT NOT NULL,
        pattern TEXT NOT NULL,
        PRIMARY KEY (project_id, pattern)
      );
    `,
  },
  {
    version: 4,
    name: 'embedded wallet: social and Farcaster identities linked to accounts',
    sql: `
      CREATE TABLE embedded_identities (
        provider TEXT NOT NULL,
        subject TEXT NOT NULL,
        account_id TEXT NOT NULL REFERENCES embedded_accounts (id) ON DELETE CASCADE,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (provider, subject)
      );
    `,
  },
  {
    version: 5,
    name: 'the payout transaction of a completed on-ramp order',
    sql: 'ALTER TABLE onramp_orders ADD COLUMN tx_hash TEXT',
  },
  {
    version: 6,
    name: 'embedded wallet: key shares per device, emails and codes as keyed hashes, escrowed keys sealed until their split',
    sql: `
      ALTER TABLE embedded_accounts ADD COLUMN email_index TEXT;
      ALTER TABLE embedded_accounts ADD COLUMN email_sealed TEXT;
      ALTER TABLE embedded_accounts ADD COLUMN legacy_key_sealed TEXT;
      CREATE TABLE embedded_key_shares (
        account_id TEXT NOT NULL REFERENCES embedded_accounts (id) ON DELETE CASCADE,
        device_id TEXT NOT NULL,
        auth_share_sealed TEXT NOT NULL,
        recovery_sealed TEXT,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (account_id, device_id)
      );
      ALTER TABLE embedded_devices RENAME COLUMN email TO email_index;
      ALTER TABLE embedded_devices ADD COLUMN revoked_at BIGINT;
      ALTER TABLE email_codes RENAME COLUMN email TO email_index;
      ALTER TABLE email_codes RENAME COLUMN new_email TO new_email_sealed;
      ALTER TABLE email_codes ADD COLUMN device_id TEXT
    `,
    data: keyCustodyData,
  },
  {
    version: 7,
    name: 'embedded wallet: drop the plain email and key escrow columns',
    sql: `
      DROP INDEX embedded_accounts_by_email;
      ALTER TABLE embedded_accounts DROP COLUMN email;
      ALTER TABLE embedded_accounts DROP COLUMN key_escrow;
      ALTER TABLE embedded_accounts ALTER COLUMN email_index SET NOT NULL;
      ALTER TABLE embedded_accounts ALTER COLUMN email_sealed SET NOT NULL;
      CREATE UNIQUE INDEX embedded_accounts_by_email_index ON embedded_accounts (email_index)
      `,
  },
  {
    version: 8,
    name: 'on-ramp orders: the buyer token that lists them and the secret that completes them (hashes)',
    sql: `
      ALTER TABLE onramp_orders ADD COLUMN buyer_hash TEXT;
      ALTER TABLE onramp_orders ADD COLUMN secret_hash TEXT
    `,
  },
  {
    version: 9,
    name: 'embedded wallet: email logins in progress, each known by a token only its caller holds',
    sql: `
      CREATE TABLE embedded_login_attempts (
        token_hash TEXT PRIMARY KEY,
        email_sealed TEXT NOT NULL,
        device_id TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )
    `,
  },
  {
    version: 10,
    name: 'paymaster service: sponsored UserOperations per account, chain and UTC day',
    sql: `
      CREATE TABLE paymaster_sponsorships (
        chain_id BIGINT NOT NULL,
        sender TEXT NOT NULL, -- lowercase
        day TEXT NOT NULL,    -- UTC, YYYY-MM-DD
        count INTEGER NOT NULL,
        PRIMARY KEY (chain_id, sender, day)
      );
    `,
  },
]

/** Any fixed number: the advisory lock that keeps two backends from migrating at once. */
const MIGRATION_LOCK = 7_013_013

/**
 * Brings the schema up to date: applies, in one transaction, each migration not yet recorded
 * in `schema_migrations`. Safe to run from several processes at once (an advisory lock
 * serializes them). Returns the versions it applied.
 */
export async function migrate(sql: SqlClient, migrations: readonly Migration[] = MIGRATIONS, secret?: ServerSecret): Promise<number[]> {
  return sql.transaction(async (tx) => {
    // The lock comes first: two servers creating the bookkeeping table at once would collide.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)')
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations')
    const applied = new Set(rows.map((row) => Number(row.version)))
    const known = new Set(migrations.map((m) => m.version))
    const unknown = [...applied].filter((version) => !known.has(version))
    if (unknown.length) {
      throw new Error(`The database has schema version ${Math.max(...unknown)}, newer than this backend knows (${Math.max(...known)}): upgrade the backend`)
    }
    const done: number[] = []
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue
      for (const statement of migration.sql.split(';').map((s) => s.trim()).filter(Boolean)) await tx.query(statement)
      await migration.data?.(tx, secret)
      await tx.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [migration.version, migration.name, Date.now()])
      done.push(migration.version)
    }
    return done
  })
}
