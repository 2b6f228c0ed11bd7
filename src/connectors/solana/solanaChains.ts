import type { CaipNetworkId, Network } from '../../networks/Network'

/** A Wallet Standard chain id such as `solana:mainnet`. */
export type SolanaWalletChain = `solana:${string}`

/**
 * The public clusters by the CAIP-2 reference (the first 32 characters of the genesis hash),
 * with the names wallets use for them in the Wallet Standard.
 */
const CLUSTERS: Record<string, SolanaWalletChain> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VL2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

/**
 * The Wallet Standard chain a wallet knows an app's Solana network by: mainnet, devnet and
 * testnet by their genesis hash; any other cluster is the wallet's `solana:localnet` (the one
 * cluster a wallet lets the person point at a node of their own).
 *
 * @example
 * walletChainOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // 'solana:mainnet'
 * walletChainOf('solana:7LfufsPJDCLqYCMNQNr2scqBVmghcFUn') // 'solana:localnet'
 */
export function walletChainOf(caipNetworkId: CaipNetworkId): SolanaWalletChain {
  return CLUSTERS[caipNetworkId.slice('solana:'.length)] ?? 'solana:localnet'
}

/** The first of `networks` (the active one first) that a wallet serving `chains` can use. */
export function networkForWallet(networks: readonly Network[], chains: readonly string[]): Network | undefined {
  return networks.find((network) => network.chainNamespace === 'solana' && chains.includes(walletChainOf(network.caipNetworkId)))
}
