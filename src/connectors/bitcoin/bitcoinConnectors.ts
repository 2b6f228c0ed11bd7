import type { Wallet } from '@wallet-standard/base'
import type { ConnectorSource } from '../Connector'
import { walletStandardConnectors } from '../walletStandardConnectors'
import { BitcoinConnector } from './BitcoinConnector'
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
  return walletStandardConnectors(isBitcoinWallet, (wallet) => new BitcoinConnector(wallet), (connector) => void connector.close())
}
