import type { Network } from '../../networks/Network'
import { BITCOIN_GENESIS } from '../../networks/bitcoinChains'

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

/**
 * Bitcoin networks for `createPortico({ networks })`. Their RPC URL is an Esplora API (the
 * connector reads balances, UTXOs, fee rates and activity there and broadcasts through
 * `POST /tx`); pass your own with {@link bitcoinNetwork} to use another server.
 */
export const bitcoin: Network = /* @__PURE__ */ bitcoinNetwork('mainnet', 'https://blockstream.info/api')

/** Bitcoin's testnet (testnet3) over Blockstream's Esplora. */
export const bitcoinTestnet: Network = /* @__PURE__ */ bitcoinNetwork('testnet', 'https://blockstream.info/testnet/api')

/**
 * A Bitcoin network over an Esplora API of your choice (a self-hosted Esplora, mempool.space, a
 * local regtest node's API).
 *
 * @example
 * const regtest = bitcoinNetwork('regtest', 'http://127.0.0.1:3002')
 * createPortico({ networks: [regtest] })
 */
export function bitcoinNetwork(name: keyof typeof BITCOIN_GENESIS, esploraUrl: string): Network {
  const reference = BITCOIN_GENESIS[name]
  return {
    id: reference,
    caipNetworkId: `bip122:${reference}`,
    chainNamespace: 'bip122',
    name: name === 'mainnet' ? 'Bitcoin' : `Bitcoin ${name[0]!.toUpperCase()}${name.slice(1)}`,
    nativeCurrency: { ...BTC },
    rpcUrls: { default: { http: [esploraUrl.replace(/\/+$/, '')] } },
    ...(name !== 'mainnet' && { testnet: true }),
  }
}
