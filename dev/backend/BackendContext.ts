import type { HttpBindings } from '@hono/node-server'
import type { ChainReader } from './ChainReader'
import type { NamesDb } from './NamesDb'

/** Options of the reference backend that change its answers. */
export type BackendSettings = {
  /** Remote features returned by `GET /appkit/v1/config`. */
  features: { id: string; isEnabled: boolean; config: unknown }[]
  /** Returned by `GET /projects/v1/origins`. */
  allowedOrigins: string[]
  /** When set, other project ids get 403 'Invalid App Configuration'. */
  knownProjectIds: string[] | undefined
  analyticsEnabled: boolean
}

/** What every route module gets: the chain reader, the database, settings and the public URL. */
export type BackendContext = {
  reader: ChainReader
  db: NamesDb
  settings: BackendSettings
  /** The backend's own base URL (known once it listens). */
  baseUrl(): string
  /** Analytics events received by `POST /e`. */
  events: unknown[]
}

/** Hono environment of the backend's routes. */
export type BackendEnv = { Bindings: HttpBindings }
