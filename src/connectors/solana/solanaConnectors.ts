import type { Wallet } from '@wallet-standard/base'
import type { ConnectorSource } from '../Connector'
import { walletStandardConnectors } from '../walletStandardConnectors'
import { SolanaConnector, type SolanaConnectorOptions } from './SolanaConnector'

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
  return walletStandardConnectors(isSolanaWallet, (wallet) => new SolanaConnector(wallet, options))
}
