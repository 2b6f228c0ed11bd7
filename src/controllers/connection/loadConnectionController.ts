import type { ConnectionController, createConnectionController } from '../ConnectionController'
import type { Stores } from '../stores'

type Maker = typeof createConnectionController

let maker: Maker | undefined
let loading: Promise<Maker> | undefined

/**
 * The connections store of `stores` (default the page's), its maker in its own chunk, for what a
 * first paint does not need (connecting, pairing, restoring, signing in): an app on
 * `portico/headless` loads it on first use, not with the page. (The modal's own views import it
 * directly; there it is already loaded.) Each set of stores gets its own, made once.
 *
 * @example
 * await (await loadConnectionController(stores)).connect(info)
 */
export async function loadConnectionController(stores: Stores): Promise<ConnectionController> {
  const make = await (loading ??= import('./connectionChunk').then(({ createConnectionController }) => (maker = createConnectionController)))
  const controller = stores.get(make) // the running Portico's destroy() resets it
  return controller
}

/**
 * The connections store of `stores` (default the page's) when something has loaded its chunk
 * already, else `undefined`: for answers that must be synchronous and are known before it loads
 * (no WalletConnect pairing to retry).
 *
 * @example
 * const retried = loadedConnectionController()?.retryWalletConnect() ?? false
 */
export function loadedConnectionController(stores: Stores): ConnectionController | undefined {
  return maker && stores.get(maker)
}
