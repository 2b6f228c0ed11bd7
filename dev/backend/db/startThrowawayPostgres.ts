import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

/** A PostgreSQL cluster in a temporary directory, on a loopback port. */
export type ThrowawayPostgres = {
  /** `postgres://portico@127.0.0.1:<port>/postgres` */
  url: string
  port: number
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>
  /** Stops the server at once and deletes its directory. */
  stop(): Promise<void>
}

/** The newest Debian PostgreSQL (`/usr/lib/postgresql/<version>/bin`), or `PORTICO_PG_BIN`. */
export function findPostgresBin(): string {
  const given = process.env.PORTICO_PG_BIN
  if (given) return given
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : []
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0]
  if (!newest) throw new Error(`No PostgreSQL server found under ${root}: run 'bash scripts/setup.sh' (it installs Debian's postgresql) or set PORTICO_PG_BIN`)
  return join(root, newest, 'bin')
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts a throwaway PostgreSQL server for tests and benches: `initdb` into a temporary
 * directory, `pg_ctl start` on a free loopback port (trust authentication, user `portico`).
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 *
 * @example
 * const server = await startThrowawayPostgres()
 * const store = await openStore({ databaseUrl: await server.createDatabase('names') })
 * await server.stop()
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin()
  const dir = await mkdtemp(join(tmpdir(), 'portico-pg-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
    await chown(dir, uid, gid)
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args]
  const data = join(dir, 'data')
  const stopArgs = ['-D', data, '-m', 'immediate', '-w', 'stop']
  let started = false
  const stopNow = () => {
    if (!started) return
    started = false
    try {
      execFileSync(...command('pg_ctl', stopArgs), { stdio: 'ignore' })
    } catch {}
  }
  process.once('exit', stopNow)
  try {
    await run(...command('initdb', ['-D', data, '-U', 'portico', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']))
    const port = await freePort()
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`
    await run(...command('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']))
    started = true
    const url = `postgres://portico@127.0.0.1:${port}/postgres`
    return {
      url,
      port,
      async createDatabase(name) {
        if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Database name ${name}: use lower-case letters, digits and _`)
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        try {
          await client.query(`CREATE DATABASE ${name}`)
        } finally {
          await client.end()
        }
        return `postgres://portico@127.0.0.1:${port}/${name}`
      },
      async stop() {
        process.off('exit', stopNow)
        if (started) {
          started = false
          await run(...command('pg_ctl', stopArgs)).catch(() => {})
        }
        await rm(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    stopNow()
    process.off('exit', stopNow)
    await rm(dir, { recursive: true, force: true })
    throw new Error(`The throwaway PostgreSQL did not start: ${(error as Error).message}`, { cause: error })
  }
}
