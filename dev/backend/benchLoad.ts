/**
 * The reference backend under load, with `autocannon` on loopback: the wallet listing, name
 * resolution and sign-in verification, against the service in its own process, once on PGlite and
 * once on a throwaway PostgreSQL. Bounded: each phase stops after `LOAD_BENCH_SECONDS` (default
 * 10) or its request cap, whichever comes first.
 *
 *   npx tsx dev/backend/benchLoad.ts
 *
 * - listing: `GET /getWallets` (first page of 40), as a modal asks for it (no `If-None-Match`:
 *   every answer is a full body);
 * - name resolution: `GET /v1/profile/account/<name>` of a registered name (one database read);
 * - sign-in verification: `POST /v1/siwx/verify` of messages signed before the clock starts, one
 *   per nonce (nonce check, signature check against the local chain, session write).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { start as startChains } from '../chain/start'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import { startThrowawayPostgres } from './db/startThrowawayPostgres'
import { spawnBackend, type SpawnedBackend } from './spawnBackend'

const CONNECTIONS = 50
const SECONDS = Number(process.env.LOAD_BENCH_SECONDS ?? 10)
const READ_CAP = 50_000
const VERIFIES = Number(process.env.LOAD_BENCH_VERIFIES ?? 1500)
const ORIGIN = 'http://localhost:5173'
const NAME = 'loadbench.portico.id'
const accounts = hardhatDevPrivateKeys.map((key) => privateKeyToAccount(key))
const json = { 'content-type': 'application/json', origin: ORIGIN }

type Row = { storage: string; endpoint: string; result: autocannon.Result }

/** One autocannon run, bounded both ways: `SECONDS`, or `cap` requests if that comes first
 * (autocannon's `amount` would override the duration; `maxOverallRequests` does not). */
function run(options: autocannon.Options, cap: number): Promise<autocannon.Result> {
  return autocannon({ connections: CONNECTIONS, duration: SECONDS, maxOverallRequests: cap, ...options })
}

async function bench(storage: string, backend: SpawnedBackend): Promise<Row[]> {
  const url = (path: string) => `${backend.url}${path}${path.includes('?') ? '&' : '?'}projectId=bench`
  const post = (path: string, body: unknown) => fetch(url(path), { method: 'POST', headers: json, body: JSON.stringify(body) })

  // A registered name to resolve.
  const owner = accounts[0]!
  const message = JSON.stringify({ name: NAME, attributes: {}, timestamp: Date.now() })
  const registered = await post('/v1/profile/account', { coin_type: 60, address: owner.address, message, signature: await owner.signMessage({ message }) })
  if (registered.status !== 201 && registered.status !== 409) throw new Error(`bench: registering ${NAME} failed: ${registered.status} ${await registered.text()}`)

  // Sign-in messages, each with its own nonce, signed before the clock starts.
  const bodies = await Promise.all(Array.from({ length: VERIFIES }, async (_, i) => {
    const answer = await post('/v1/siwx/nonce', {})
    if (answer.status !== 201) throw new Error(`bench: a sign-in nonce was refused: ${answer.status} ${await answer.text()}`)
    const { nonce } = (await answer.json()) as { nonce: string }
    const account = accounts[i % accounts.length]!
    const text = createSiweMessage({ domain: 'localhost:5173', address: account.address, uri: `${ORIGIN}/`, version: '1', chainId: 31337, nonce })
    return JSON.stringify({ message: text, signature: await account.signMessage({ message: text }) })
  }))

  // Warm-up: the JIT, the connection pool, the chain's first eth_call.
  await run({ url: url('/getWallets?page=1&entries=40'), duration: 2 }, 2000)

  const rows: Row[] = []
  rows.push({ storage, endpoint: 'listing `GET /getWallets`', result: await run({ url: url('/getWallets?page=1&entries=40') }, READ_CAP) })
  rows.push({ storage, endpoint: 'name resolution `GET /v1/profile/account/:name`', result: await run({ url: url(`/v1/profile/account/${NAME}`) }, READ_CAP) })
  let next = 0
  rows.push({
    storage,
    endpoint: 'sign-in verification `POST /v1/siwx/verify`',
    result: await run({
      url: url('/v1/siwx/verify'),
      requests: [{ method: 'POST', headers: json, setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }],
    }, VERIFIES),
  })
  return rows
}

const chain = await startChains({ seed: false })
const postgres = await startThrowawayPostgres()
const dataDir = await mkdtemp(join(tmpdir(), 'portico-load-'))
// One loopback address plays every visitor here, so the per-IP login limit (100 a minute by
// default, tested in sharedLimits.test.ts) is lifted: the bench measures the route, not the limit.
const common = { CHAIN_RPC_URLS: chain.chains.map((c) => `${c.id}=${c.rpcUrl}`).join(','), ALLOWED_ORIGINS: ORIGIN, LOGIN_RATE_LIMIT_PER_MINUTE: '1000000' }
const rows: Row[] = []
try {
  for (const [storage, env] of [
    ['PGlite', { PORTICO_DATA_DIR: join(dataDir, 'data') }],
    // PostgreSQL needs the server secret kept outside the database (the PGlite one lives in its data directory).
    ['PostgreSQL', { DATABASE_URL: await postgres.createDatabase('load'), PORTICO_SECRET: randomBytes(32).toString('hex') }],
  ] as const) {
    const backend = await spawnBackend({ ...common, ...env })
    try {
      rows.push(...(await bench(storage, backend)))
    } finally {
      await backend.stop('SIGTERM')
    }
  }
} finally {
  await postgres.stop()
  await chain.stop()
  await rm(dataDir, { recursive: true, force: true })
}

console.log(`autocannon, ${CONNECTIONS} connections on loopback, at most ${SECONDS} s a phase (reads capped at ${READ_CAP} requests, ${VERIFIES} verifications)`)
console.log('| storage | endpoint | requests | non-2xx | errors | req/s | p50 | p99 |')
console.log('|---|---|---|---|---|---|---|---|')
for (const { storage, endpoint, result: r } of rows) {
  console.log(`| ${storage} | ${endpoint} | ${r.requests.total} | ${r.non2xx} | ${r.errors + r.timeouts} | ${Math.round(r.requests.average)} | ${r.latency.p50} ms | ${r.latency.p99} ms |`)
}
const listing = rows.filter((row) => row.endpoint.startsWith('listing'))
for (const row of listing) console.log(`${row.storage} listing: ${Math.round(row.result.requests.average)} req/s, target ≥ 1000 — ${row.result.requests.average >= 1000 ? 'met' : 'missed'}`)
if (rows.some((row) => row.result.non2xx > 0 || row.result.errors > 0)) process.exitCode = 1
