import type { HttpBindings } from '@hono/node-server'
import type { ChainReader } from './ChainReader'
import type { BackendStore } from './db/BackendStore'
import type { Mailer } from './embeddedMailer'
import type { PaymasterSettings } from './paymasterSettings'
import type { EmbeddedSettings } from './embeddedSettings'
import type { SocialLoginSettings } from './socialLoginSettings'

/** Options of the reference backend that change its answers. */
export type BackendSettings = {
  /** Remote features returned by `GET /appkit/v1/config`. */
  features: { id: string; isEnabled: boolean; config: unknown }[]
  /** Features of single projects, replacing `features` for them (set through `PUT /__features?projectId=`). */
  projectFeatures?: Record<string, { id: string; isEnabled: boolean; config: unknown }[]>
  /**
   * Returned by `GET /projects/v1/origins`; also the sites a sign-in message may name as its
   * domain: exact origins (`https://app.example:8443` is that scheme, host and port only) or explicit
   * wildcards (`https://*.app.example`, `http://localhost:*`).
   */
  allowedOrigins: string[]
  /** When set, other project ids get 403 'Invalid App Configuration'. */
  knownProjectIds: string[] | undefined
  analyticsEnabled: boolean
  /** How long a sign-in nonce stays usable, in ms (default 10 minutes). */
  nonceTtlMs: number
  /** Requests one client IP may make to each login route in a minute (default 100); 429 past it. */
  loginRequestsPerMinute: number
  /** Serve the test-control endpoints (`/__faults`, `/__requests`, `/__events`); default true, off in the service. */
  testControl: boolean
  /** The longest sign-in session, in ms (default 7 days); a message's own expiration may end it sooner. */
  sessionTtlMs: number
  /**
   * The Solana clusters (CAIP-2 references, the genesis hash's first 32 characters) a Sign in
   * with Solana may name; any when unset (an ed25519 signature is checked without a node).
   */
  solanaClusters?: string[] | undefined
}

/** One line of the request log. */
export type RequestLogLine = { time: string; method: string; path: string; status: number; ms: number }

/** What every route module gets: the chain reader, the store, settings and the public URL. */
export type BackendContext = {
  reader: ChainReader
  store: BackendStore
  settings: BackendSettings
  /** The backend's own base URL (known once it listens). */
  baseUrl(): string
  /** Analytics events received by `POST /e`. */
  events: unknown[]
  /** Receives one line per request (the service prints them as JSON); none when absent. */
  log?: (line: RequestLogLine) => void
  /** The embedded wallet's email timing and limits. */
  embedded: EmbeddedSettings
  /** Sends the embedded wallet's mail; without it the email endpoints answer 503. */
  mailer?: Mailer | undefined
  /** Where social and Farcaster logins are checked; without it they answer 503. */
  socialLogin?: SocialLoginSettings | undefined
  /** The paymaster service's key and sponsorship policy; without it `POST /v1/paymaster` refuses every request. */
  paymaster?: PaymasterSettings | undefined
}

/** Hono environment of the backend's routes. */
export type BackendEnv = { Bindings: HttpBindings }
