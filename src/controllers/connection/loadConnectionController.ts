import type { ConnectionController } from '../ConnectionController'
import { usesStores } from '../startedStores'

type Controller = typeof ConnectionController

let loaded: Controller | undefined
let loading: Promise<Controller> | undefined

/**
 * `ConnectionController` in its own chunk, for what a first paint does not need (connecting,
 * pairing, restoring, signing in): an app on `portico/headless` loads it on first use, not with
 * the page. (The modal's own views import it directly; there it is already loaded.)
 *
 * @example
 * await (await loadConnectionController()).connect(info)
 */
export async function loadConnectionController(): Promise<Controller> {
  const controller = await (loading ??= import('./connectionChunk').then(({ ConnectionController }) => (loaded = ConnectionController)))
  usesStores(controller) // the running Portico's destroy() resets it
  return controller
}

/**
 * `ConnectionController` when something has loaded it already, else `undefined`: for answers
 * that must be synchronous and are known before it loads (no WalletConnect pairing to retry).
 *
 * @example
 * const retried = loadedConnectionController()?.retryWalletConnect() ?? false
 */
export function loadedConnectionController(): Controller | undefined {
  return loaded
}
