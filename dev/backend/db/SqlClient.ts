/** A value bound to a `$n` placeholder. */
export type SqlParam = string | number | boolean | null

/** What one statement returned. */
export type SqlResult<Row> = { rows: Row[]; rowCount: number }

/** Runs statements; the same dialect (PostgreSQL) whatever is behind it. */
export interface SqlQueryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<SqlResult<Row>>
}

/**
 * The database under the backend's store: embedded PGlite or a PostgreSQL server. Both speak
 * PostgreSQL, so the store and the migrations are written once.
 */
export interface SqlClient extends SqlQueryable {
  /** `pglite` or `postgres`, for logs and the health endpoint. */
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}
