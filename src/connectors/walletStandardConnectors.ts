import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { Connector, ConnectorSource } from './Connector'

/**
 * The page's Wallet Standard wallets that `serves` accepts, as a connector source: those
 * registered already, then each one that registers or unregisters later, each made a connector by
 * `connectorOf`. A connector that leaves (its wallet unregistered, or the source stopped) is
 * removed from the registry and handed to `retire`, if given. Nothing is read until `watch`.
 *
 * @example
 * walletStandardConnectors(isSolanaWallet, (wallet) => new SolanaConnector(wallet, options))
 */
export function walletStandardConnectors<C extends Connector>(
  serves: (wallet: Wallet) => boolean,
  connectorOf: (wallet: Wallet) => C,
  retire?: (connector: C) => void,
): ConnectorSource {
  return {
    watch(registry) {
      const wallets = getWallets()
      const current = new Map<Wallet, C>()
      const add = (list: readonly Wallet[]) => {
        for (const wallet of list) {
          if (current.has(wallet) || !serves(wallet)) continue
          const connector = connectorOf(wallet)
          current.set(wallet, connector)
          registry.add(connector)
        }
      }
      const remove = (list: readonly Wallet[]) => {
        for (const wallet of list) {
          const connector = current.get(wallet)
          if (!connector) continue
          current.delete(wallet)
          retire?.(connector)
          registry.remove(connector.id)
        }
      }
      add(wallets.get())
      const stops = [wallets.on('register', (...list) => add(list)), wallets.on('unregister', (...list) => remove(list))]
      return () => {
        for (const stop of stops) stop()
        remove([...current.keys()])
      }
    },
  }
}
