import type { ConnectorEntry, ConnectorSource } from '../connectors/Connector'
import { ConnectionController } from '../controllers/ConnectionController'
import { StorageController } from '../controllers/StorageController'
import type { Network } from '../networks/Network'

const BIP122 = 'bip122' as const

/**
 * Starts Bitcoin when the app lists a `bip122` network, without adding Bitcoin's code to the first
 * load (an EVM-only app never loads it): its wiring (`bitcoinWiring.ts`) is imported in a chunk of its
 * own; then the page's Wallet Standard Bitcoin wallets are registered (when `discover`) and a
 * Bitcoin connection of the last visit is restored. Returns the connector entries and a stop function.
 *
 * @example
 * const { entries, stop } = startBitcoin({ networks, discover: true })   // done by createPortico
 */
export function startBitcoin(options: { networks: readonly Network[]; discover: boolean }): { entries: ConnectorEntry[]; stop: () => void } {
  if (!options.networks.some((n) => n.chainNamespace === BIP122)) return { entries: [], stop: () => {} }
  let stopped = false
  let stopWatching: (() => void) | undefined
  let wired: ReturnType<typeof import('./bitcoinWiring')['wireBitcoin']> | undefined
  const wiring = import('./bitcoinWiring').then(({ wireBitcoin }) => (stopped ? undefined : (wired = wireBitcoin())))
  const restoring = options.discover && StorageController.getConnectorsToRestore().some((entry) => entry.namespace === BIP122)
  if (restoring) ConnectionController.setStatus(BIP122, 'connecting')
  const source: ConnectorSource = {
    watch(registry) {
      void wiring.then(async (ready) => {
        if (!ready || stopped) return
        stopWatching = ready.watch(registry)
        if (!restoring) return
        await ConnectionController.restore({ namespace: BIP122 })
        if (ConnectionController.get(BIP122).status === 'connecting' && ConnectionController.get(BIP122).connections.length === 0) ConnectionController.setStatus(BIP122, 'disconnected')
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
