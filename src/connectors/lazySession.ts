import { ConnectorClosedError } from '../errors/ConnectionErrors'

/** A session a connector loads on first use, keeps while it is open, and closes on request. */
export type LazySession<S> = {
  /** The loaded session, for synchronous reads (`getProvider`); `undefined` until loaded. */
  readonly current: S | undefined
  /** The session being loaded or loaded, without starting a load. */
  readonly started: Promise<S> | undefined
  /** The session, loaded once by `load`; a failed load is tried again on the next call. */
  get(load: () => Promise<S>): Promise<S>
  /**
   * Forgets the session and closes it (once loaded, if a load is under way: the calls waiting for
   * that load then fail with `connectorClosed`); the next `get` loads anew.
   */
  close(): Promise<void>
}

/**
 * The one lazy-loading rule of the connectors: nothing of a wallet's SDK or frame loads at
 * startup; the first call that needs it loads it, every later call shares it, and `close()`
 * (on disconnect and on `portico.destroy()`) lets go of it.
 *
 * @example
 * readonly #session = lazySession<WalletConnectSession>((session) => session.close())
 * const session = await this.#session.get(() => WalletConnectSession.create(…))
 */
export function lazySession<S>(closeSession: (session: S) => void | Promise<void>): LazySession<S> {
  // What callers wait for, and the load under it (which `close` waits for, to close what it gives).
  let pending: Promise<S> | undefined
  let loading: Promise<S> | undefined
  let current: S | undefined
  return {
    get current() {
      return current
    },
    get started() {
      return pending
    },
    get(load) {
      if (pending) return pending
      const loaded = load()
      const shared: Promise<S> = loaded.then((session) => {
        // Closed while it loaded: `close` closes the session; the callers must not use it.
        if (pending !== shared) throw new ConnectorClosedError()
        current = session
        return session
      })
      pending = shared
      loading = loaded
      shared.catch(() => {
        if (pending !== shared) return
        pending = undefined
        loading = undefined
      })
      return shared
    },
    async close() {
      const loaded = loading
      pending = undefined
      loading = undefined
      current = undefined
      const session = await loaded?.catch(() => undefined)
      if (session !== undefined) await closeSession(session)
    },
  }
}
