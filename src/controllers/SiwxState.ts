import { proxy, type Snapshot } from 'valtio/vanilla'
import type { SiwxBackend, SiwxBackendSession } from '../siwx/SiwxBackend'

/** A sign-in session: the signed message proving who controls a CAIP-10 account. */
export type SiwxSession = SiwxBackendSession

/** How the app wants sign-in: the server that checks it, and the words of the message. */
export type SiwxConfig = {
  /** The app refuses to be used without signing in (cancelling disconnects). */
  required?: boolean
  /** The line the wallet shows in the message, e.g. 'Sign in to Example'. */
  statement?: string
  /** Ask for sessions this long (the server may cap it). Default: 24 hours. */
  expiresInMs?: number
  /** The site named in the message (`host[:port]`); default `location.host`. */
  domain?: string
  /** The page named in the message; default `location.href`. */
  uri?: string
  /** Where nonces, verification and sessions live: the reference backend's client or the app's own. */
  backend: SiwxBackend
}

export type SiwxState = {
  /** Whether the app configured sign-in at all. */
  enabled: boolean
  /** Whether the app refuses to be used without signing in. */
  required: boolean
  /** Live sessions this browser holds (with their tokens), restored across reloads. */
  sessions: SiwxSession[]
  /** Stored sessions are being checked with the backend after a reload. */
  restoring: boolean
}

export const initialSiwxState = (): SiwxState => ({ enabled: false, required: false, sessions: [], restoring: false })

/** Sign-in's state, apart from its flows (`SiwxController`), so that an app without sign-in loads none of them. */
export const siwxState = proxy<SiwxState>(initialSiwxState())

let config: SiwxConfig | undefined

/** The app's sign-in configuration, if any. */
export const siwxConfig = (): SiwxConfig | undefined => config

/**
 * Turns sign-in on with `next`, or off with `undefined` (`SiwxController.configure`).
 *
 * @example
 * configureSiwx(undefined)   // sign-in off
 */
export function configureSiwx(next: SiwxConfig | undefined): void {
  config = next
  siwxState.enabled = next !== undefined
  siwxState.required = next?.required ?? false
}

/** Sign-in off, no sessions held (`SiwxController.reset`, and `destroy()` through `siwxStore`). */
export function resetSiwxState(): void {
  configureSiwx(undefined)
  Object.assign(siwxState, initialSiwxState())
}

/** Sign-in's state as a store `destroy()` resets (`usesStores`). */
export const siwxStore = { reset: resetSiwxState }

/**
 * The sessions of `state` that have not expired at `now`.
 *
 * @example
 * liveSessions()   // what portico.siwx.getSessions() returns
 */
export function liveSessions(state: Snapshot<SiwxState> = siwxState, now = Date.now()): SiwxSession[] {
  return state.sessions.filter((s) => s.expiresAt === null || s.expiresAt > now)
}
