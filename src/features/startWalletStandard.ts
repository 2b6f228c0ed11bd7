import type { ConnectorEntry, ConnectorRegistry, ConnectorSource } from '../connectors/Connector'
import { loadConnectionController } from '../controllers/connection/loadConnectionController'
import type { Namespace, Network } from '../networks/Network'
import type { Stores } from '../controllers/stores'

/** What a namespace's wiring chunk gives back: `watch` registers the page's wallets, `stop` undoes the wiring. */
export type NamespaceWiring = { watch: (registry: ConnectorRegistry) => () => void; stop: () => void }

/**
 * Starts a namespace whose wallets are found through Wallet Standard (Solana, Bitcoin) when the
 * app lists one of its networks, its code kept out of the first load: `load` imports the wiring
 * chunk and returns the function that wires it (not called once stopped). With `discover`, the
 * page's wallets are registered; when the namespace is among `restoring` (its connection of the
 * last visit, which `startConnectors` shows `connecting` meanwhile), that connection is restored.
 *
 * @example
 * startWalletStandard(stores, 'solana', options, () => import('./solanaWiring').then((m) => (stores) => m.wireSolana(stores, options.solana)))
 */
export function startWalletStandard(
  stores: Stores,
  namespace: Namespace,
  options: { networks: readonly Network[]; discover: boolean; restoring: readonly Namespace[] },
  load: () => Promise<(stores: Stores) => NamespaceWiring>,
): { entries: ConnectorEntry[]; stop: () => void } {
  if (!options.networks.some((n) => n.chainNamespace === namespace)) return { entries: [], stop: () => {} }
  let stopped = false
  let stopWatching: (() => void) | undefined
  let wired: NamespaceWiring | undefined
  const wiring = load().then((wire) => (stopped ? undefined : (wired = wire(stores))))
  // Its connection of the last visit, shown `connecting` by `startConnectors` meanwhile.
  const restoring = options.restoring.includes(namespace)
  const source: ConnectorSource = {
    watch(registry) {
      void wiring.then(async (ready) => {
        if (!ready || stopped) return
        stopWatching = ready.watch(registry)
        if (!restoring) return
        const connection = await loadConnectionController(stores)
        await connection.restore({ namespace })
        // The wallet of the last visit is gone from the page: nothing to wait for.
        const { status, connections } = connection.get(namespace)
        if (status === 'connecting' && connections.length === 0) connection.setStatus(namespace, 'disconnected')
      })
      return () => {
        stopWatching?.()
        stopWatching = undefined
      }
    },
  }
  return {
    entries: options.discover ? [source] : [],
    stop() {
      stopped = true
      stopWatching?.()
      wired?.stop()
    },
  }
}
