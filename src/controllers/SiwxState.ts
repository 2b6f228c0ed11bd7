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

/**
 * Makes a Portico's sign-in state, apart from its flows (`SiwxController`), so that an app
 * without sign-in loads none of them: the state, and the app's sign-in configuration.
 *
 * @example
 * const siwx = stores.get(createSiwxState)
 * siwx.configure(undefined)   // sign-in off
 */
export function createSiwxState() {
  const state = proxy<SiwxState>(initialSiwxState())
  let config: SiwxConfig | undefined

  const siwx = {
    state,

    /** The app's sign-in configuration, if any. */
    config: (): SiwxConfig | undefined => config,

    /** Turns sign-in on with `next`, or off with `undefined` (`SiwxController.configure`). */
    configure(next: SiwxConfig | undefined): void {
      config = next
      state.enabled = next !== undefined
      state.required = next?.required ?? false
    },

    /** Sign-in off, no sessions held (`SiwxController.reset`, and `destroy()`). */
    reset(): void {
      siwx.configure(undefined)
      Object.assign(state, initialSiwxState())
    },

    /** The sessions of `of` (default this state) that have not expired at `now`. */
    liveSessions(of: Snapshot<SiwxState> = state, now = Date.now()): SiwxSession[] {
      return of.sessions.filter((s) => s.expiresAt === null || s.expiresAt > now)
    },
  }
  return siwx
}

/** A Portico's sign-in state. */
export type SiwxStateStore = ReturnType<typeof createSiwxState>
