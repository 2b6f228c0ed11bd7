import { migrate } from './migrations'
import { PgliteSqlClient } from './PgliteSqlClient'
import { PostgresSqlClient } from './PostgresSqlClient'
import { SqlBackendStore, type BackendStore } from './BackendStore'
import type { SqlClient } from './SqlClient'
import { ServerSecret } from '../ServerSecret'

/** Where the backend keeps its data. */
export type StoreOptions = {
  /** A PostgreSQL server (`postgres://user@host:port/db`); when set, PGlite is not used. */
  databaseUrl?: string
  /** PGlite's data directory (default `.portico/data`); `memory://` keeps nothing. */
  dataDir?: string
  /** Connections in the PostgreSQL pool (default 10). */
  maxConnections?: number
  /**
   * The server secret (kept outside the database) that keys the hashes and seals of the embedded
   * wallet's tables. Default: a random one, which suits `memory://` only.
   */
  secret?: ServerSecret
}

export const DEFAULT_DATA_DIR = '.portico/data'

/**
 * Opens the store and brings its schema up to date: PostgreSQL when `databaseUrl` is given,
 * else embedded PGlite in `dataDir`.
 *
 * @example
 * const store = await openStore({ databaseUrl: process.env.DATABASE_URL })
 */
export async function openStore(options: StoreOptions = {}): Promise<BackendStore> {
  const sql: SqlClient = options.databaseUrl
    ? await PostgresSqlClient.open(options.databaseUrl, options.maxConnections)
    : await PgliteSqlClient.open(options.dataDir ?? DEFAULT_DATA_DIR)
  const secret = options.secret ?? ServerSecret.random()
  try {
    const applied = await migrate(sql, undefined, secret)
    // Migration 6 rewrote rows that held keys and emails in clear: rewrite the tables so that
    // their old versions leave the files too (VACUUM cannot run inside the migration's transaction).
    if (applied.includes(6)) {
      for (const table of ['embedded_accounts', 'embedded_devices', 'email_codes']) await sql.query(`VACUUM FULL ${table}`)
      if (sql.kind === 'pglite') await sql.query('CHECKPOINT')
    }
  } catch (error) {
    await sql.close()
    throw error
  }
  return new SqlBackendStore(sql, secret)
}
