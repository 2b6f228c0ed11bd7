import type { CaipNetworkId, Network } from './Network'

/** A Wallet Standard chain id such as `bitcoin:mainnet`. */
export type BitcoinWalletChain = `bitcoin:${string}`

/**
 * The CAIP-2 references of Bitcoin's networks: the first 32 hex characters of each genesis block
 * hash (CAIP-4), with the names Wallet Standard wallets give them.
 */
export const BITCOIN_GENESIS = {
  mainnet: '000000000019d6689c085ae165831e93',
  testnet: '000000000933ea01ad0ee984209779ba',
  signet: '00000008819873e925422c1ff0f99f7c',
  regtest: '0f9188f13cb7b2c71f2a335e3a4fc328',
} as const

export type BitcoinNetworkName = keyof typeof BITCOIN_GENESIS

/**
 * The Wallet Standard chain a wallet knows a `bip122` network by, or `undefined` for a genesis
 * hash that is none of the four public ones.
 *
 * @example
 * bitcoinWalletChainOf('bip122:000000000019d6689c085ae165831e93') // 'bitcoin:mainnet'
 */
export function bitcoinWalletChainOf(caipNetworkId: CaipNetworkId | string): BitcoinWalletChain | undefined {
  const [namespace, reference] = caipNetworkId.split(':')
  if (namespace !== 'bip122') return undefined
  const name = (Object.keys(BITCOIN_GENESIS) as BitcoinNetworkName[]).find((key) => BITCOIN_GENESIS[key] === reference)
  return name && `bitcoin:${name}`
}

/** The name (`mainnet`, `testnet`, `signet`, `regtest`) of a `bip122` network, or `undefined`. */
export function bitcoinNetworkNameOf(caipNetworkId: CaipNetworkId | string): BitcoinNetworkName | undefined {
  return bitcoinWalletChainOf(caipNetworkId)?.slice('bitcoin:'.length) as BitcoinNetworkName | undefined
}

/** The first of `networks` (the active one first) that a wallet serving `chains` can use. */
export function bitcoinNetworkForWallet(networks: readonly Network[], chains: readonly string[]): Network | undefined {
  return networks.find((network) => {
    const chain = network.chainNamespace === 'bip122' ? bitcoinWalletChainOf(network.caipNetworkId) : undefined
    return chain !== undefined && chains.includes(chain)
  })
}
