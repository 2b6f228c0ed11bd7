
import type { SendClient } from '../controllers/SendController'

/** A swap token as the convert API lists it (`address` is CAIP-10; the native currency is 0xeeee…eeee). */
export type SwapApiToken = { name: string; symbol: string; address: string; decimals: number; logoUri: string }
type EvmCall = { to: string; data: string }

/** The part of the blockchain API that swaps use (`BlockchainApi` fits it). */
export type SwapApi = {
  fetchSwapTokens(params: { caipNetworkId: string }): Promise<SwapApiToken[]>
  fetchGasPrice(params: { caipNetworkId: string }): Promise<{ standard: string; fast: string; instant: string }>
  fetchSwapQuote(params: { caipNetworkId: string; amount: string; userAddress: string; from: string; to: string }): Promise<{ quotes: { toAmount: string }[] }>
  fetchSwapAllowance(params: { caipNetworkId: string; tokenAddress: string; userAddress: string }): Promise<{ allowance: string }>
  generateApproveCalldata(params: { caipNetworkId: string; amount: string; userAddress: string; from: string; to: string }): Promise<{ tx: EvmCall & { value: string } }>
  generateSwapCalldata(params: { caipNetworkId: string; amount: string; userAddress: string; from: string; to: string; slippage?: string }): Promise<{ tx: EvmCall & { amount: string; eip155: { gas: string; gasPrice: string } }; minOutput?: string | undefined }>
  fetchTokenPrice(params: { addresses: readonly string[] }): Promise<{ fungibles: { symbol: string; price: number }[] }>
}

/** One NFT as the blockchain API lists it (`GET /v1/account/{address}/nfts`). */
export type NftItem = {
  id: string
  contract: string
  tokenId: string
  name: string
  description: string
  image: string
  collection: { name: string; symbol: string }
  flags?: { is_spam: boolean } | undefined
}

/** The part of the blockchain API the NFTs tab uses. */
export type NftsApi = {
  fetchNfts(params: { address: string; caipNetworkId: string }): Promise<NftItem[]>
}

/** The clients of the features that load with their views (see `createFeatureClients`). */
export type FeatureClients = { blockchain?: (SwapApi & NftsApi) | undefined; wallet?: SendClient | undefined }

/**
 * Makes a Portico's clients of the features that load with their views (swap, NFTs):
 * `startApis` (features/apis.ts) sets the blockchain API and `wireWalletJourney` the connected
 * wallet, so those features' stores and views stay out of every chunk until a visitor opens them.
 * `reset()` forgets them (as a reset of every store does).
 *
 * @example
 * const clients = stores.get(createFeatureClients)
 * clients.blockchain = new BlockchainApi({ baseUrl, projectId })
 */
export function createFeatureClients(): FeatureClients & { reset(): void } {
  const clients: FeatureClients & { reset(): void } = {
    blockchain: undefined,
    wallet: undefined,
    reset() {
      clients.blockchain = undefined
      clients.wallet = undefined
    },
  }
  return clients
}

/** The API's words when the pools can pay nothing for a swap (no pool for the pair, or an output of 0). */
export const INSUFFICIENT_LIQUIDITY = 'Insufficient liquidity'
