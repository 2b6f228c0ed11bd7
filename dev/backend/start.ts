import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { DEV_ACCOUNTS, DEV_CHAINS, DEV_TOKENS } from '../chain/devChains'
import { start as startChains } from '../chain/start'
import type { BackendContext, BackendSettings, RequestLogLine } from './BackendContext'
import { ChainReader, type BackendChain } from './ChainReader'
import { createBackendApp } from './createBackendApp'
import { smtpMailer } from './embeddedMailer'
import { DEFAULT_EMBEDDED_SETTINGS, type EmbeddedSettings } from './embeddedSettings'
import { FaultInjector } from './faults'
import type { SocialLoginSettings } from './socialLoginSettings'
import { NameTakenError, type BackendStore } from './db/BackendStore'
import { openStore, type StoreOptions } from './db/openStore'
import { NAME_ZONE } from './profileRoutes'
import type { PaymasterSettings } from './paymasterSettings'
import type { ServerSecret } from './ServerSecret'

export type StartBackendOptions = Partial<BackendSettings> & {
  /** Chains to serve. Without them the backend starts (and later stops) its own dev chains. */
  chains?: readonly { id: number; name?: string; rpcUrl: string; tokens?: BackendChain['tokens'] }[]
  host?: string
  /** Default 0: a free port. */
  port?: number
  /**
   * Where names and sessions are kept: `{ databaseUrl }` for PostgreSQL, `{ dataDir }` for PGlite
   * on disk. Default: PGlite in memory (`memory://`), so tests start clean and keep nothing.
   */
  storage?: StoreOptions
  /** Receives one line per request. */
  log?: (line: RequestLogLine) => void
  /** Where the embedded wallet's mail goes (`smtp://127.0.0.1:port`, e.g. dev/mail-sink); without it email login answers 503. */
  smtpUrl?: string
  /** Where social (OpenID, e.g. dev/oidc) and Farcaster (dev/farcaster) logins are checked; without it they answer 503. */
  socialLogin?: SocialLoginSettings
  /** The embedded wallet's code lifetime, attempts, mail interval, session length. */
  embedded?: Partial<EmbeddedSettings>
  /**
   * The server secret that keys the embedded wallet's hashes and seals (see ServerSecret); it
   * must live outside the database. Default: a random one, fine for a backend that keeps nothing.
   */
  secret?: ServerSecret
  /** Allowed origins of particular projects (wildcards allowed), stored in the database; others get `allowedOrigins`. */
  projectOrigins?: Record<string, readonly string[]>
  /** The paymaster service's key and sponsorship policy (e.g. `devPaymasterSettings`); without it the service refuses. */
  paymaster?: PaymasterSettings
}

/** A running backend. */
export type RunningBackend = {
  url: string
  chains: readonly BackendChain[]
  store: BackendStore
  /** Every endpoint, as `{ method, path }` (`:name` marks a path parameter). */
  routes: readonly { method: string; path: string }[]
  stop(): Promise<void>
}

/** The project settings the backend serves unless `features` is given (multi-wallet off, as for a new project). */
export const DEFAULT_FEATURES: BackendSettings['features'] = [
  { id: 'email', isEnabled: true, config: null },
  { id: 'social_login', isEnabled: true, config: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] },
  { id: 'swap', isEnabled: true, config: ['local-pool'] },
  { id: 'onramp', isEnabled: true, config: ['local'] },
  { id: 'activity', isEnabled: true, config: null },
  { id: 'reown_branding', isEnabled: false, config: null },
]

const MINUTE = 60_000

/**
 * Starts the reference backend (wallet-infra + blockchain API + chain RPC proxy + sign-in) on a
 * free loopback port. Seeds two names unless another address holds them: alice.portico.id
 * (dev account 0) and bob.portico.id (account 1).
 *
 * @example
 * const chain = await startChain()
 * const backend = await start({ chains: chain.chains })
 * await fetch(`${backend.url}/getWallets?page=1&entries=40&projectId=demo`)
 */
export async function start(options: StartBackendOptions = {}): Promise<RunningBackend> {
  const ownChains = options.chains ? undefined : await startChains()
  const given: NonNullable<StartBackendOptions['chains']> = options.chains ?? ownChains!.chains
  const chains: BackendChain[] = given.map((chain) => ({
    id: chain.id,
    name: chain.name ?? DEV_CHAINS.find((c) => c.id === chain.id)?.name ?? `Chain ${chain.id}`,
    rpcUrl: chain.rpcUrl,
    tokens: chain.tokens ?? DEV_TOKENS,
  }))
  let store: BackendStore
  try {
    store = await openStore({ ...(options.storage ?? { dataDir: 'memory://' }), ...(options.secret && { secret: options.secret }) })
  } catch (error) {
    await ownChains?.stop()
    throw error
  }
  const seeds = [
    { name: `alice.${NAME_ZONE}`, coinType: '60', address: DEV_ACCOUNTS[0]!, attributes: { bio: 'Dev account 0' } },
    { name: `bob.${NAME_ZONE}`, coinType: '60', address: DEV_ACCOUNTS[1]! },
  ]
  for (const seed of seeds) {
    if (await store.isRegistered(seed.name)) continue
    await store.register(seed).catch((error: unknown) => {
      if (!(error instanceof NameTakenError)) throw error
    })
  }

  for (const [projectId, patterns] of Object.entries(options.projectOrigins ?? {})) await store.embedded.setProjectOrigins(projectId, patterns)

  let baseUrl = ''
  const ctx: BackendContext = {
    reader: new ChainReader(chains, (symbol) => `${baseUrl}/public/getTokenImage/${symbol}`),
    store,
    settings: {
      features: options.features ?? DEFAULT_FEATURES,
      // Local development: any port of the loopback hosts, written as the explicit wildcard it is.
      allowedOrigins: options.allowedOrigins ?? ['http://localhost:*', 'http://127.0.0.1:*'],
      knownProjectIds: options.knownProjectIds,
      analyticsEnabled: options.analyticsEnabled ?? true,
      nonceTtlMs: options.nonceTtlMs ?? 10 * MINUTE,
      sessionTtlMs: options.sessionTtlMs ?? 7 * 24 * 60 * MINUTE,
      testControl: options.testControl ?? true,
      loginRequestsPerMinute: options.loginRequestsPerMinute ?? 100,
      solanaClusters: options.solanaClusters,
    },
    log: options.log,
    embedded: { ...DEFAULT_EMBEDDED_SETTINGS, ...options.embedded },
    mailer: options.smtpUrl ? smtpMailer(options.smtpUrl) : undefined,
    socialLogin: options.socialLogin,
    paymaster: options.paymaster,
    baseUrl: () => baseUrl,
    events: [],
  }
  const app = createBackendApp(ctx, new FaultInjector())
  const server = createAdaptorServer({ fetch: app.fetch })
  const host = options.host ?? '127.0.0.1'
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, host, () => resolve())
    })
  } catch (error) {
    await store.close()
    await ownChains?.stop()
    throw new Error(`The backend cannot listen on ${host}:${options.port ?? 0}: ${(error as Error).message}`, { cause: error })
  }
  baseUrl = `http://${host}:${(server.address() as AddressInfo).port}`

  return {
    url: baseUrl,
    chains,
    store,
    routes: app.routes.filter((route) => route.method !== 'ALL').map(({ method, path }) => ({ method, path })),
    /** Stops taking requests, lets those in flight finish (5 s at most), then closes the store. */
    stop: async () => {
      // No new connections; requests in flight get up to 5 s to finish before they are cut.
      const http = server as unknown as { closeIdleConnections(): void; closeAllConnections(): void }
      const cut = setTimeout(() => http.closeAllConnections(), 5_000)
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        http.closeIdleConnections()
      })
      clearTimeout(cut)
      await store.close()
      await ownChains?.stop()
    },
  }
}
