import type { StartBackendOptions } from './start'
import { join } from 'node:path'
import { DEFAULT_DATA_DIR } from './db/openStore'
import { readPaymasterConfig } from './paymasterSettings'
import { ServerSecret } from './ServerSecret'

/** What the service reads from its environment, already checked. */
export type BackendConfig = StartBackendOptions & {
  storage: NonNullable<StartBackendOptions['storage']>
  /** Where the server secret is kept when no variable names one: created there on the first start (see {@link serverSecretOf}). */
  secretFile?: string
}

/** The configured server secret: the variable's, or the file's (written on the first start). */
export const serverSecretOf = (config: BackendConfig): ServerSecret => config.secret ?? ServerSecret.fromFile(config.secretFile!, { create: true })

const positiveInt = (env: NodeJS.ProcessEnv, key: string, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}) => {
  const raw = env[key]
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${key}: must be a whole number from ${min} to ${max}, got '${raw}'`)
  return value
}

/**
 * Reads the service's configuration from the environment; throws an error naming the variable
 * for any value it cannot use.
 *
 * - `PORT` (default 8787; 0 picks a free one), `HOST` (default 127.0.0.1)
 * - `DATABASE_URL`: a PostgreSQL server; without it PGlite in `PORTICO_DATA_DIR` (default `.portico/data`)
 * - `ALLOWED_ORIGINS`: comma-separated origins of the sites that embed the modal and may sign in: exact
 *   (`https://app.example`) or explicit wildcards (`https://*.app.example`, `http://localhost:*`)
 * - `CHAIN_RPC_URLS`: `chainId=url` pairs, comma-separated; without it the dev chains are started
 * - `SMTP_URL`: where the embedded wallet's mail goes (`smtp://127.0.0.1:2525`); without it email login answers 503
 * - `NONCE_TTL_SECONDS` (default 600), `SESSION_TTL_SECONDS` (default 604800)
 * - `PROJECT_IDS`: comma-separated project ids to accept (default: any)
 * - `SOLANA_CLUSTERS`: comma-separated Solana cluster references a Sign in with Solana may name (default: any)
 * - `LOGIN_RATE_LIMIT_PER_MINUTE` (default 100): requests per client IP to each login route in a minute
 * - `PORTICO_TEST_CONTROL=1`: dev mode: serve `/__faults` and co., the feature switch, the dev on-ramp widget
 * - `PORTICO_SECRET` (64 hex digits) or `PORTICO_SECRET_FILE` (a file holding them): the server
 *   secret that keys the embedded wallet's hashes and seals, kept outside the database. Without
 *   either, PGlite's default uses `secret` beside its data directory (created on first start);
 *   with `DATABASE_URL` one of them is required.
 * - `PAYMASTER_*`: the ERC-7677 paymaster service (see `readPaymasterConfig`); off without `PAYMASTER_SIGNER_KEY`
 *
 * @example
 * readBackendConfig({ PORT: '8787', CHAIN_RPC_URLS: '1=https://rpc.example/eth' })
 */
export function readBackendConfig(env: NodeJS.ProcessEnv): BackendConfig {
  const list = (key: string) => env[key]?.split(',').map((s) => s.trim()).filter(Boolean)
  const allowedOrigins = list('ALLOWED_ORIGINS')
  for (const origin of allowedOrigins ?? []) {
    // An exact origin, or one with `*` for the subdomain or the port (the wildcards an owner writes).
    if (!/^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:([0-9]{1,5}|\*))?\/?$/.test(origin)) {
      throw new Error(`ALLOWED_ORIGINS: '${origin}' is not an origin such as https://app.example, http://localhost:5173 or a wildcard such as https://*.app.example`)
    }
  }
  const chains = list('CHAIN_RPC_URLS')?.map((pair) => {
    const match = /^([0-9]{1,15})=(https?:\/\/.+)$/.exec(pair)
    if (!match) throw new Error(`CHAIN_RPC_URLS: '${pair}' is not chainId=http(s)://url`)
    return { id: Number(match[1]), rpcUrl: match[2]! }
  })
  const solanaClusters = list('SOLANA_CLUSTERS')
  for (const cluster of solanaClusters ?? []) {
    if (!/^[1-9A-HJ-NP-Za-km-z]{32}$/.test(cluster)) throw new Error(`SOLANA_CLUSTERS: '${cluster}' is not a cluster reference (the genesis hash's first 32 base58 characters)`)
  }
  const databaseUrl = env.DATABASE_URL || undefined
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL: must start with postgres:// or postgresql://')
  const smtpUrl = env.SMTP_URL || undefined
  if (smtpUrl && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) throw new Error(`SMTP_URL: must be smtp://host:port or smtps://user:password@host:port, got '${smtpUrl}'`)
  const dataDir = env.PORTICO_DATA_DIR || DEFAULT_DATA_DIR
  const secret = ServerSecret.fromEnvironment(env)
  if (!secret && databaseUrl) throw new Error('PORTICO_SECRET or PORTICO_SECRET_FILE: a server secret is needed with DATABASE_URL (e.g. `openssl rand -hex 32`), kept outside the database')
  const nonceTtl = positiveInt(env, 'NONCE_TTL_SECONDS', { max: 24 * 3600 })
  const sessionTtl = positiveInt(env, 'SESSION_TTL_SECONDS', { max: 366 * 24 * 3600 })
  const paymaster = readPaymasterConfig(env)
  const loginLimit = positiveInt(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', { max: 1_000_000 })
  return {
    host: env.HOST || '127.0.0.1',
    port: positiveInt(env, 'PORT', { min: 0, max: 65_535 }) ?? 8787,
    storage: databaseUrl ? { databaseUrl } : { dataDir },
    ...(secret ? { secret } : { secretFile: join(dataDir, '..', 'secret') }),
    ...(allowedOrigins ? { allowedOrigins } : {}),
    ...(chains ? { chains } : {}),
    ...(smtpUrl ? { smtpUrl } : {}),
    ...(list('PROJECT_IDS') ? { knownProjectIds: list('PROJECT_IDS') } : {}),
    ...(solanaClusters ? { solanaClusters } : {}),
    ...(nonceTtl ? { nonceTtlMs: nonceTtl * 1000 } : {}),
    ...(sessionTtl ? { sessionTtlMs: sessionTtl * 1000 } : {}),
    ...(paymaster ? { paymaster } : {}),
    ...(loginLimit ? { loginRequestsPerMinute: loginLimit } : {}),
    testControl: env.PORTICO_TEST_CONTROL === '1',
  }
}
