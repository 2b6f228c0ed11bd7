import { errorOf } from '../errors/PorticoError'
import { SETUP_MESSAGES } from '../errors/setupMessages'
import type { Snapshot } from 'valtio/vanilla'
import { hasLiveSession, isSameAccount } from '../siwx/siwxSessions'
import { createEventsController } from './EventsController'
import { createStorageController } from './StorageController'
import { STORAGE_KEYS } from './StorageKeys'
import { createSiwxState, type SiwxConfig, type SiwxSession, type SiwxState } from './SiwxState'
import { type Stores, storesOf } from './stores'
import { storedSiwxSessionsShape } from '../services/siwxStorage'

export type { SiwxConfig, SiwxSession, SiwxState } from './SiwxState'

const DEFAULT_EXPIRY_MS = 24 * 60 * 60 * 1000
/** The CAIP-2 network and the address of a CAIP-10 account. */
const networkOf = (caipAddress: string) => caipAddress.slice(0, caipAddress.lastIndexOf(':'))
const addressOf = (caipAddress: string) => caipAddress.slice(caipAddress.lastIndexOf(':') + 1)

/**
 * Makes a Portico's sign-in store. Sign in with X: whether the app asks for it, the sessions this browser holds, and the one
 * round trip that opens a session (nonce → message → the wallet's signature → the server's
 * check). Which view shows and what cancelling does is decided by `ConnectionController`.
 *
 * @example
 * const SiwxController = stores.get(createSiwxController)
 * SiwxController.configure({ required: true, statement: 'Sign in to Example', backend: new SiwxApi({ baseUrl, ...sdk }) })
 * SiwxController.needsSignIn('eip155:1:0xf39F…')   // true until that account signs in on that network
 */
export function createSiwxController(stores: Stores) {
  const [StorageController, EventsController, siwx] = storesOf(stores, createStorageController, createEventsController, createSiwxState)

  function persist() {
    if (SiwxController.state.sessions.length === 0) StorageController.removeItem(STORAGE_KEYS.SIWX_SESSIONS)
    else StorageController.setJson(STORAGE_KEYS.SIWX_SESSIONS, SiwxController.state.sessions)
  }

  const SiwxController = {
    state: siwx.state,

    /** Turns sign-in on with `next`, or off with `undefined`. */
    configure(next: SiwxConfig | undefined) {
      siwx.configure(next)
    },

    /** Whether `caipAddress` (CAIP-10: network and address) must sign in: sign-in is on and it holds no live session (in `state`: a view passes its snapshot). */
    needsSignIn(caipAddress: string, state: Snapshot<SiwxState> = siwx.state): boolean {
      return state.enabled && !hasLiveSession(state.sessions, caipAddress)
    },

    /** Whether the modal must stay open: sign-in is required and `caipAddress` has no live session. */
    isSignInPending(caipAddress: string, state: Snapshot<SiwxState> = siwx.state): boolean {
      return state.required && SiwxController.needsSignIn(caipAddress, state)
    },

    /**
     * The CAIP-2 network of the newest live session of `address` on another network than
     * `caipAddress`'s: where a cancelled sign-in goes back to.
     */
    lastSignedNetwork(caipAddress: string): string | undefined {
      const network = networkOf(caipAddress)
      const newest = siwx.liveSessions()
        .filter((s) => networkOf(s.caipAddress) !== network && isSameAccount(`${network}:${addressOf(s.caipAddress)}`, caipAddress))
        .sort((a, b) => b.createdAt - a.createdAt)[0]
      return newest && networkOf(newest.caipAddress)
    },

    /**
     * Signs `caipAddress` in: a nonce from the backend, the message, `signMessage` (the wallet),
     * the backend's check. The session is kept (and stored for the next visit) and success is
     * tracked. Throws a `SiwxSignInError` with the seed's text on failure.
     */
    async signIn(caipAddress: string, signMessage: (message: string) => Promise<string>): Promise<SiwxSession> {
      const config = siwx.config()
      if (!config) throw errorOf(SETUP_MESSAGES, 'siwxNotConfigured')
      const { backend, statement, expiresInMs = DEFAULT_EXPIRY_MS } = config
      try {
        // The message builders (and viem under them) load with the first sign-in, off the first paint.
        const { signInWithX } = await import('../siwx/signInWithX')
        const session = await signInWithX({
          backend, caipAddress, signMessage, expiresInMs,
          domain: config.domain ?? location.host,
          uri: config.uri ?? location.href,
          ...(statement !== undefined && { statement }),
        })
        SiwxController.state.sessions = [...siwx.liveSessions().filter((s) => s.id !== session.id), session]
        persist()
        EventsController.sendEvent({ event: 'SIWX_AUTH_SUCCESS', properties: { network: networkOf(caipAddress) } })
        return session
      } catch (error) {
        EventsController.sendEvent({ event: 'SIWX_AUTH_ERROR', properties: { message: (error as Error).message } })
        throw error
      }
    },

    /** The live sessions this browser holds. */
    getSessions(state: Snapshot<SiwxState> = siwx.state): SiwxSession[] {
      return siwx.liveSessions(state)
    },

    /**
     * Forgets every session; those opened here are revoked on the backend too (best effort: a
     * backend that cannot be reached does not keep the visitor signed in here).
     */
    async signOut(): Promise<void> {
      const held = SiwxController.state.sessions
      SiwxController.state.sessions = []
      persist()
      const backend = siwx.config()?.backend
      if (!backend) return
      await Promise.allSettled(held.filter((s) => s.token).map((s) => backend.revoke(s)))
    },

    /**
     * After a reload: the stored sessions that have not expired, kept only when the backend still
     * lists them as live. While it answers, `restoring` is true; a backend that cannot be reached
     * keeps none (the visitor signs in again).
     */
    async restore(): Promise<SiwxSession[]> {
      const stored = StorageController.getJson(STORAGE_KEYS.SIWX_SESSIONS, storedSiwxSessionsShape) ?? []
      const now = Date.now()
      const candidates = stored.filter((s) => s.expiresAt === null || s.expiresAt > now)
      const config = siwx.config()
      if (!config || candidates.length === 0) {
        if (stored.length > 0) StorageController.removeItem(STORAGE_KEYS.SIWX_SESSIONS)
        return []
      }
      const backend = config.backend
      SiwxController.state.restoring = true
      try {
        // Each account is asked about with the token of one of its stored sessions (the proof of ownership).
        const tokens = new Map<string, string | undefined>()
        for (const s of candidates) if (!tokens.get(s.caipAddress)) tokens.set(s.caipAddress, s.token)
        const lists = await Promise.allSettled([...tokens].map(([account, token]) => backend.getSessions(account, token)))
        const liveIds = new Set(lists.flatMap((list) => (list.status === 'fulfilled' ? list.value.map((s) => s.id) : [])))
        const kept = candidates.filter((s) => liveIds.has(s.id))
        const known = new Set(SiwxController.state.sessions.map((s) => s.id))
        SiwxController.state.sessions = [...SiwxController.state.sessions, ...kept.filter((s) => !known.has(s.id))]
        persist()
        return kept
      } finally {
        SiwxController.state.restoring = false
      }
    },

    /** Forgets the sessions here without telling the backend (tests, a store reset). */
    clearSessions() {
      SiwxController.state.sessions = []
      persist()
    },

    reset() {
      siwx.reset()
    },
  }
  return SiwxController
}

/** A Portico's sign-in store. */
export type SiwxController = ReturnType<typeof createSiwxController>
