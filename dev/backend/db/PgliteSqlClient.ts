import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { SqlClient, SqlParam, SqlQueryable, SqlResult } from './SqlClient'

const wrap = (db: Pick<PGlite, 'query'>): SqlQueryable => ({
  async query<Row>(sql: string, params: readonly SqlParam[] = []): Promise<SqlResult<Row>> {
    const result = await db.query<Row>(sql, params as SqlParam[])
    // PGlite counts no affected rows for a SELECT: the rows are the count then.
    return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) }
  },
})

const CACHE_DIR = fileURLToPath(new URL('../../../.cache/pglite/', import.meta.url))
/** PGlite's version (its package.json is not exported: read it beside the resolved entry). */
async function pgliteVersion(): Promise<string> {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir)
  return (JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { version: string }).version
}

/**
 * A freshly initialised, empty PGlite cluster as a tar file, made once per PGlite version in
 * `.cache/pglite/`. PGlite's own initdb takes 10-20 s on a busy 2-core machine; loading this
 * copy takes about 1.5 s.
 */
async function emptyClusterImage(): Promise<Blob> {
  const file = join(CACHE_DIR, `empty-cluster-${await pgliteVersion()}.tar`)
  if (!existsSync(file)) {
    await mkdir(CACHE_DIR, { recursive: true })
    const db = await PGlite.create('memory://')
    const image = await db.dumpDataDir('none')
    await db.close()
    const partial = `${file}.${process.pid}.part`
    await writeFile(partial, Buffer.from(await image.arrayBuffer()))
    await rename(partial, file) // atomic: another process making the same file at once is harmless
  }
  return new Blob([await readFile(file)])
}

/**
 * Embedded PostgreSQL (PGlite, compiled to WASM) in a data directory, or in memory when the
 * directory is `memory://`. One connection: PGlite runs one statement or transaction at a time.
 * A new directory starts from the cached empty cluster.
 *
 * @example
 * const sql = await PgliteSqlClient.open('.portico/data')
 * await sql.query('SELECT 1 AS one')
 */
export class PgliteSqlClient implements SqlClient {
  readonly kind = 'pglite' as const
  private constructor(private readonly db: PGlite) {}

  static async open(dataDir: string): Promise<PgliteSqlClient> {
    const inMemory = dataDir.startsWith('memory://')
    const fresh = inMemory || !existsSync(join(dataDir, 'PG_VERSION'))
    if (!inMemory) await mkdir(dataDir, { recursive: true })
    const loadDataDir = fresh ? await emptyClusterImage() : undefined
    try {
      return new PgliteSqlClient(await PGlite.create(dataDir, { loadDataDir }))
    } catch (error) {
      // A half-written new directory would fail the same way next time: leave none behind.
      if (fresh && !inMemory) await rm(dataDir, { recursive: true, force: true })
      throw new Error(`Cannot open the PGlite data directory ${dataDir}: ${(error as Error).message}`, { cause: error })
    }
  }

  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]) {
    return wrap(this.db).query<Row>(sql, params)
  }


  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(wrap(tx)))
  }

  async close() {
    if (!this.db.closed) await this.db.close()
  }
}
