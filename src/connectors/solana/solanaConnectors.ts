import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { ConnectorSource } from '../Connector'
import { SolanaConnector, type SolanaConnectorOptions, solanaConnectorId } from './SolanaConnector'

/** Whether a Wallet Standard wallet can connect Solana accounts (a `solana:` chain and `standard:connect`). */
export function isSolanaWallet(wallet: Wallet): boolean {
  return wallet.chains.some((chain) => chain.startsWith('solana:')) && 'standard:connect' in wallet.features
}

/**
 * The page's Wallet Standard wallets that serve Solana, as a connector source: those registered
 * already, then each one that registers or unregisters later. Nothing is read until `watch`.
 *
 * @example
 * createPortico({ networks: [solanaMainnet], connectors: [solanaConnectors({ networks: () => solanaNetworks })] })
 */
export function solanaConnectors(options: SolanaConnectorOptions): ConnectorSource {
  return {
    watch(registry) {
      const wallets = getWallets()
      const current = new Map<Wallet, SolanaConnector>()
      const add = (list: readonly Wallet[]) => {
        for (const wallet of list) {
          if (current.has(wallet) || !isSolanaWallet(wallet)) continue
          const connector = new SolanaConnector(wallet, options)
          current.set(wallet, connector)
          registry.add(connector)
        }
      }
      const remove = (list: readonly Wallet[]) => {
        for (const wallet of list) {
          if (!current.delete(wallet)) continue
          registry.remove(solanaConnectorId(wallet))
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
