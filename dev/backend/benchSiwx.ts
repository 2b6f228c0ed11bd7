/**
 * Throughput of the sign-in endpoints: `POST /v1/siwx/nonce` and `POST /v1/siwx/verify` under
 * 50 concurrent clients on loopback, against the service in its own process, once on PGlite and
 * once on a throwaway PostgreSQL. Bounded: at most `SIWX_BENCH_REQUESTS` (default 2000 nonce,
 * half as many verify) requests and 30 s per phase.
 *
 *   npx tsx dev/backend/benchSiwx.ts
 *
 * Verify includes the signature check against the local chain (an `eth_call` to viem's
 * ERC-6492 validator), so the chain's node, in this process, is part of what is measured.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { start as startChains } from '../chain/start'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import { startThrowawayPostgres } from './db/startThrowawayPostgres'
import { spawnBackend, type SpawnedBackend } from './spawnBackend'

const CLIENTS = 50
const NONCES = Number(process.env.SIWX_BENCH_REQUESTS ?? 2000)
const VERIFIES = Math.ceil(NONCES / 2)
const PHASE_LIMIT_MS = 30_000
const accounts = hardhatDevPrivateKeys.map((key) => privateKeyToAccount(key))

type Phase = { requests: number; failures: number; seconds: number; latencies: number[] }

/** Runs `job(i)` for i = 0…count-1 on `CLIENTS` concurrent workers, until done or out of time. */
async function load(count: number, job: (i: number) => Promise<boolean>): Promise<Phase> {
  const latencies: number[] = []
  let next = 0
  let failures = 0
  const started = performance.now()
  const worker = async () => {
    while (next < count && performance.now() - started < PHASE_LIMIT_MS) {
      const i = next++
      const t = performance.now()
      const ok = await job(i).catch(() => false)
      latencies.push(performance.now() - t)
      if (!ok) failures++
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, worker))
  return { requests: latencies.length, failures, seconds: (performance.now() - started) / 1000, latencies }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

async function bench(kind: string, backend: SpawnedBackend) {
  const post = (path: string, body: unknown) =>
    fetch(`${backend.url}${path}?projectId=bench`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' }, body: JSON.stringify(body) })
  // Warm up both paths (JIT, connection pools, the chain's first eth_call).
  for (let i = 0; i < 20; i++) await post('/v1/siwx/nonce', {})

  const nonce = await load(NONCES, async () => (await post('/v1/siwx/nonce', {})).status === 201)

  // Messages for verify are made and signed before the clock starts.
  const signed = await Promise.all(Array.from({ length: VERIFIES }, async (_, i) => {
    const { nonce } = (await (await post('/v1/siwx/nonce', {})).json()) as { nonce: string }
    const account = accounts[i % accounts.length]!
    const message = createSiweMessage({ domain: 'localhost:5173', address: account.address, uri: 'http://localhost:5173/', version: '1', chainId: 31337, nonce })
    return { message, signature: await account.signMessage({ message }) }
  }))
  const verify = await load(VERIFIES, async (i) => (await post('/v1/siwx/verify', signed[i])).status === 201)

  for (const [name, phase] of [['nonce', nonce], ['verify', verify]] as const) {
    console.log(
      `| ${kind} | ${name} | ${phase.requests} | ${phase.failures} | ${phase.seconds.toFixed(1)} s | ${Math.round(phase.requests / phase.seconds)} req/s | ` +
      `${percentile(phase.latencies, 50).toFixed(0)} ms | ${percentile(phase.latencies, 99).toFixed(0)} ms |`,
    )
  }
}

const chain = await startChains({ seed: false })
const postgres = await startThrowawayPostgres()
const dataDir = await mkdtemp(join(tmpdir(), 'portico-bench-'))
const common = { CHAIN_RPC_URLS: chain.chains.map((c) => `${c.id}=${c.rpcUrl}`).join(','), ALLOWED_ORIGINS: 'http://localhost:5173' }
console.log(`${CLIENTS} concurrent clients, up to ${NONCES} nonce and ${VERIFIES} verify requests, ${PHASE_LIMIT_MS / 1000} s per phase at most`)
console.log('| storage | endpoint | requests | failed | time | throughput | p50 | p99 |')
console.log('|---|---|---|---|---|---|---|---|')
try {
  for (const [kind, storage] of [
    ['PGlite', { PORTICO_DATA_DIR: join(dataDir, 'data') }],
    ['PostgreSQL', { DATABASE_URL: await postgres.createDatabase('bench') }],
  ] as const) {
    const backend = await spawnBackend({ ...common, ...storage })
    try {
      await bench(kind, backend)
    } finally {
      await backend.stop('SIGTERM')
    }
  }
} finally {
  await postgres.stop()
  await chain.stop()
  await rm(dataDir, { recursive: true, force: true })
}
