import type { ConnectorEntry, ConnectorSource } from '../connectors/Connector'
import { ConnectionController } from '../controllers/ConnectionController'
import type { Network } from '../networks/Network'
import type { SolanaOptions } from '../controllers/SolanaAccountController'
import { StorageController } from '../controllers/StorageController'

export type { SolanaOptions } from '../controllers/SolanaAccountController'

/**
 * Starts Solana when the app lists a Solana network, without adding Solana's code to the first
 * load: its wiring (`wireSolana`) is imported at once but in a chunk of its own; then the page's
 * Wallet Standard wallets are registered (when `discover`) and a Solana connection of the last
 * visit is restored, its status `connecting` meanwhile so that no disconnected state flashes.
 * Returns the connector entries to register and a stop function.
 *
 * @example
 * const { entries, stop } = startSolana({ networks, discover: true })   // done by createPortico
 */
export function startSolana(options: { networks: readonly Network[]; solana?: SolanaOptions | undefined; discover: boolean }): { entries: ConnectorEntry[]; stop: () => void } {
  if (!options.networks.some((n) => n.chainNamespace === 'solana')) return { entries: [], stop: () => {} }
  let stopped = false
  let stopWatching: (() => void) | undefined
  let wired: ReturnType<typeof import('./solanaWiring')['wireSolana']> | undefined
  const wiring = import('./solanaWiring').then(({ wireSolana }) => (stopped ? undefined : (wired = wireSolana(options.solana))))
  const restoring = options.discover && StorageController.getConnectorsToRestore().some((entry) => entry.namespace === 'solana')
  if (restoring) ConnectionController.setStatus('solana', 'connecting')
  const source: ConnectorSource = {
    watch(registry) {
      void wiring.then(async (ready) => {
        if (!ready || stopped) return
        stopWatching = ready.watch(registry)
        if (!restoring) return
        await ConnectionController.restore({ namespace: 'solana' })
        // The wallet of the last visit is gone from the page: nothing to wait for.
        if (ConnectionController.get('solana').status === 'connecting' && ConnectionController.get('solana').connections.length === 0) ConnectionController.setStatus('solana', 'disconnected')
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
