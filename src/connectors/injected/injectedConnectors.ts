import type { ConnectorSource } from '../Connector'
import { InjectedConnector } from './InjectedConnector'
import { watchInjectedWallets } from './injectedWallets'

/**
 * The browser's wallets as a connector source: every EIP-6963 announcement and the legacy
 * `window.ethereum`, added as they appear and removed when they go. Nothing is read until `watch`.
 *
 * @example
 * createPortico({ networks, connectors: [injectedConnectors()] })   // what `discoverWallets` does
 */
export function injectedConnectors(options: { target?: Window } = {}): ConnectorSource {
  return {
    watch(registry) {
      const current = new Map<string, InjectedConnector>()
      const watcher = watchInjectedWallets({
        ...(options.target && { target: options.target }),
        onChange(wallets) {
          for (const [id, connector] of current) {
            if (wallets.some((wallet) => wallet.id === id && wallet.provider === connector.provider)) continue
            current.delete(id)
            registry.remove(id)
          }
          for (const wallet of wallets) {
            if (current.has(wallet.id)) continue
            const connector = new InjectedConnector(wallet)
            current.set(wallet.id, connector)
            registry.add(connector)
          }
        },
      })
      return () => {
        watcher.stop()
        for (const id of current.keys()) registry.remove(id)
      }
    },
  }
}
