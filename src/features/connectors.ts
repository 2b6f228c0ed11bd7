import type { ConnectorEntry, NamespaceProvider } from '../connectors/Connector'
import { injectedConnectors } from '../connectors/injected/injectedConnectors'
import { ConnectorController } from '../controllers/ConnectorController'
import { usesStores } from '../controllers/startedStores'
import type { Namespace } from '../controllers/ChainController'
import type { PorticoOptions } from '../Portico'
import { startBitcoin } from './bitcoin'
import { startSolana } from './solana'

/** The running connectors: `add` registers one more (and returns its removal); `stop` removes all. */
export type RunningConnectors = { add(entry: ConnectorEntry): () => void; stop(): void }

/**
 * Registers the app's connectors: the browser's wallets first (EIP-6963 and `window.ethereum`,
 * unless `discoverWallets` is false or there is no window), then Solana's and Bitcoin's Wallet Standard
 * wallets when a Solana or Bitcoin network is listed, then the app's own `connectors`. `stop` unregisters them all
 * and closes every session they opened.
 *
 * @example
 * const connectors = startConnectors(options)   // done by createPortico
 * const remove = connectors.add(myConnector)
 */
export function startConnectors(options: PorticoOptions): RunningConnectors {
  usesStores(ConnectorController)
  const discover = options.discoverWallets !== false && typeof window !== 'undefined'
  const solana = startSolana({ networks: options.networks, solana: options.solana, discover })
  const bitcoin = startBitcoin({ networks: options.networks, discover })
  const entries = [...(discover ? [injectedConnectors()] : []), ...solana.entries, ...bitcoin.entries, ...(options.connectors ?? [])]
  const unregister = entries.map((entry) => ConnectorController.register(entry))
  return {
    add(entry) {
      const stop = ConnectorController.register(entry)
      unregister.push(stop)
      return stop
    },
    stop() {
      solana.stop()
      bitcoin.stop()
      void ConnectorController.closeAll()
      for (const stop of unregister.splice(0)) stop()
    },
  }
}

/** The connected wallet's provider for the namespaces that have one the app can use (EVM, Solana and Bitcoin). */
export function providerOf(namespace: Namespace = 'eip155'): NamespaceProvider['eip155' | 'solana' | 'bip122'] | undefined {
  if (namespace !== 'eip155' && namespace !== 'solana' && namespace !== 'bip122') return undefined
  const id = ConnectorController.state.activeConnectorIds[namespace]
  return id ? ConnectorController.getInstance(id)?.getProvider(namespace) : undefined
}
