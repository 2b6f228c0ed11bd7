import { defineChain } from 'viem'
import { mainnet, sepolia } from 'viem/chains'

/**
 * The app's chains: Ethereum and Sepolia through their public RPC URLs, or the ones given at build
 * time as `VITE_PORTICO_CHAINS='[{ "id", "name", "rpcUrl" }]'` (the test points them at the local
 * dev chains; `bash scripts/start.sh` prints those of the local stack).
 */
const listed = import.meta.env.VITE_PORTICO_CHAINS
  ? JSON.parse(import.meta.env.VITE_PORTICO_CHAINS)
  : [mainnet, sepolia].map(({ id, name, rpcUrls }) => ({ id, name, rpcUrl: rpcUrls.default.http[0] }))

const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** The chains as wagmi takes them. */
export const chains = listed.map(({ id, name, rpcUrl }) => defineChain({ id, name, nativeCurrency, rpcUrls: { default: { http: [rpcUrl] } } }))

/** The same chains as Portico's networks. */
export const networks = listed.map(({ id, name, rpcUrl }) => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name,
  nativeCurrency,
  rpcUrls: { default: { http: [rpcUrl] } },
}))
