import { migrate } from './migrations'
import { PgliteSqlClient } from './PgliteSqlClient'
import { PostgresSqlClient } from './PostgresSqlClient'
import { SqlBackendStore, type BackendStore } from './BackendStore'
import type { SqlClient } from './SqlClient'

/** Where the backend keeps its data. */
export type StoreOptions = {
  /** A PostgreSQL server (`postgres://user@host:port/db`); when set, PGlite is not used. */
  databaseUrl?: string
  /** PGlite's data directory (default `.portico/data`); `memory://` keeps nothing. */
  dataDir?: string
  /** Connections in the PostgreSQL pool (default 10). */
  maxConnections?: number
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
  try {
    await migrate(sql)
  } catch (error) {
    await sql.close()
    throw error
  }
  return new SqlBackendStore(sql)
}
