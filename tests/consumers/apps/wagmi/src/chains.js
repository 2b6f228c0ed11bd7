import { defineChain } from 'viem'

/**
 * The app's chains, given at build time as `VITE_PORTICO_CHAINS='[{ "id", "name", "rpcUrl" }]'`
 * (the test points them at the local dev chains). A real app would import them from `viem/chains`.
 */
const listed = JSON.parse(import.meta.env.VITE_PORTICO_CHAINS ?? '[]')
if (listed.length === 0) throw new Error('Set VITE_PORTICO_CHAINS when building this app.')

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
