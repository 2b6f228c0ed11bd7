import pg from 'pg'
import type { SqlClient, SqlParam, SqlQueryable, SqlResult } from './SqlClient'

const wrap = (db: pg.Pool | pg.PoolClient): SqlQueryable => ({
  async query<Row>(sql: string, params: readonly SqlParam[] = []): Promise<SqlResult<Row>> {
    const result = await db.query(sql, params as SqlParam[])
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length }
  },
})

/**
 * A PostgreSQL server through a `pg` connection pool.
 *
 * @example
 * const sql = await PostgresSqlClient.open('postgres://portico@127.0.0.1:5432/portico')
 * await sql.query('SELECT 1 AS one')
 */
export class PostgresSqlClient implements SqlClient {
  readonly kind = 'postgres' as const
  private constructor(private readonly pool: pg.Pool) {}

  /** Connects (and checks the connection) with up to `maxConnections` (default 10) in the pool. */
  static async open(databaseUrl: string, maxConnections = 10): Promise<PostgresSqlClient> {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections })
    // A server that goes away mid-run surfaces on the next query; an idle client's error must not crash the process.
    pool.on('error', () => {})
    try {
      await pool.query('SELECT 1')
    } catch (error) {
      await pool.end()
      throw new Error(`Cannot connect to the database at DATABASE_URL: ${(error as Error).message}`, { cause: error })
    }
    return new PostgresSqlClient(pool)
  }

  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]) {
    return wrap(this.pool).query<Row>(sql, params)
  }


  async transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect()
    try {
      await client.query('BEGIN')
      const result = await fn(wrap(client))
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    } finally {
      client.release()
    }
  }

  async close() {
    await this.pool.end()
  }
}
