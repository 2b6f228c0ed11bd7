import type { ConnectorEntry, ConnectorSource, NamespaceProvider } from '../connectors/Connector'
import { injectedConnectors } from '../connectors/injected/injectedConnectors'
import { createConnectionRecords } from '../controllers/ConnectionRecords'
import { createConnectorController } from '../controllers/ConnectorController'
import { createStorageBackend } from '../controllers/storageBackend'
import type { Namespace } from '../controllers/ChainController'
import type { PorticoOptions } from '../Portico'
import { type Stores, storeOf } from '../controllers/stores'

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
export function startConnectors(stores: Stores, options: PorticoOptions): RunningConnectors {
  const ConnectorController = storeOf(stores, createConnectorController)
  const discover = options.discoverWallets !== false && typeof window !== 'undefined'
  const walletStandard = startWalletStandardsLater(stores, options, discover)
  const entries = [...(discover ? [injectedConnectors()] : []), ...walletStandard.entries, ...(options.connectors ?? [])]
  const unregister = entries.map((entry) => ConnectorController.register(entry))
  return {
    add(entry) {
      const stop = ConnectorController.register(entry)
      unregister.push(stop)
      return stop
    },
    stop() {
      walletStandard.stop()
      void ConnectorController.closeAll()
      for (const stop of unregister.splice(0)) stop()
    },
  }
}

/** The connected wallet's provider for the namespaces that have one the app can use (EVM, Solana and Bitcoin). */
export function providerOf(stores: Stores, namespace: Namespace = 'eip155'): NamespaceProvider['eip155' | 'solana' | 'bip122'] | undefined {
  const ConnectorController = storeOf(stores, createConnectorController)
  if (namespace !== 'eip155' && namespace !== 'solana' && namespace !== 'bip122') return undefined
  const id = ConnectorController.state.activeConnectorIds[namespace]
  return id ? ConnectorController.getInstance(id)?.getProvider(namespace) : undefined
}

const WALLET_STANDARD: readonly Namespace[] = ['solana', 'bip122']

/**
 * Solana's and Bitcoin's starts (`walletStandards.ts`), loaded in their own chunk when the app
 * lists one of their networks: a source that registers their wallets once loaded. Their connection
 * of the last visit shows `connecting` from now on, so that no disconnected state flashes meanwhile.
 */
function startWalletStandardsLater(stores: Stores, options: PorticoOptions, discover: boolean): { entries: ConnectorEntry[]; stop: () => void } {
  const listed = WALLET_STANDARD.filter((namespace) => options.networks.some((network) => network.chainNamespace === namespace))
  if (listed.length === 0) return { entries: [], stop: () => {} }
  const restoring = discover ? stores.get(createStorageBackend).connectorsToRestore().flatMap(({ namespace }) => (listed.includes(namespace) ? [namespace] : [])) : []
  for (const namespace of restoring) stores.get(createConnectionRecords).slot(namespace).status = 'connecting'
  let stopped = false
  const started = import('./walletStandards').then(
    ({ startWalletStandards }) => (stopped ? undefined : startWalletStandards(stores, options, discover, restoring)),
    (error: unknown) => void console.error('Portico: the Solana and Bitcoin wallets could not start', error),
  )
  const source: ConnectorSource = {
    watch(registry) {
      let stops: (() => void)[] | undefined
      let gone = false
      void started.then((each) => {
        if (!each || gone) return
        stops = each.entries.map((entry) => {
          if ('watch' in entry) return entry.watch(registry)
          registry.add(entry)
          return () => registry.remove(entry.id)
        })
      })
      return () => {
        gone = true
        for (const stop of stops ?? []) stop()
      }
    },
  }
  return {
    entries: discover ? [source] : [],
    stop() {
      stopped = true
      void started.then((each) => each?.stop())
    },
  }
}
