import type { PorticoOptions } from 'portico/headless'

type Network = PorticoOptions['networks'][number]
type Listed = { id: number; name: string; rpcUrl: string }

/** Networks from `[{ id, name, rpcUrl }]` (JSON), or Ethereum mainnet. */
export function networksOf(json: string | undefined): Network[] {
  const listed: Listed[] = json ? (JSON.parse(json) as Listed[]) : [{ id: 1, name: 'Ethereum', rpcUrl: 'https://cloudflare-eth.com' }]
  return listed.map(({ id, name, rpcUrl }) => ({
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }))
}
