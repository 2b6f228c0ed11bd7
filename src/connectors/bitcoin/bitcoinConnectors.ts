import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { ConnectorSource } from '../Connector'
import { BitcoinConnector, bitcoinConnectorId } from './BitcoinConnector'
import { BitcoinConnect } from './bitcoinWalletFeatures'

/** Whether a Wallet Standard wallet can connect Bitcoin accounts (a `bitcoin:` chain and a connect feature). */
export function isBitcoinWallet(wallet: Wallet): boolean {
  return wallet.chains.some((chain) => chain.startsWith('bitcoin:')) && (BitcoinConnect in wallet.features || 'standard:connect' in wallet.features)
}

/**
 * The page's Wallet Standard wallets that serve Bitcoin, as a connector source: those registered
 * already, then each one that registers or unregisters later. Nothing is read until `watch`.
 * A wallet is listed even when it serves none of the app's Bitcoin networks; connecting it then
 * says so ('The connector does not support any of the requested chains').
 *
 * @example
 * createPortico({ networks: [bitcoin], connectors: [bitcoinConnectors()], discoverWallets: false })
 */
export function bitcoinConnectors(): ConnectorSource {
  return {
    watch(registry) {
      const wallets = getWallets()
      const current = new Map<Wallet, BitcoinConnector>()
      const add = (list: readonly Wallet[]) => {
        for (const wallet of list) {
          if (current.has(wallet) || !isBitcoinWallet(wallet)) continue
          const connector = new BitcoinConnector(wallet)
          current.set(wallet, connector)
          registry.add(connector)
        }
      }
      const remove = (list: readonly Wallet[]) => {
        for (const wallet of list) {
          const connector = current.get(wallet)
          if (!connector) continue
          current.delete(wallet)
          void connector.close()
          registry.remove(bitcoinConnectorId(wallet))
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
