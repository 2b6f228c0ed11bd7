'use client'
import { useState } from 'react'
import { PorticoProvider, createPortico } from 'portico/react'

/**
 * The app's chains, given at build time as `NEXT_PUBLIC_PORTICO_CHAINS='[{ "id", "name", "rpcUrl" }]'`
 * (the test points them at the local dev chains); none without it.
 */
const listed = process.env.NEXT_PUBLIC_PORTICO_CHAINS ? JSON.parse(process.env.NEXT_PUBLIC_PORTICO_CHAINS) : []
const networks = listed.map(({ id, name, rpcUrl }) => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
}))

export function Providers({ children }) {
  const [portico] = useState(() => createPortico({ networks }))
  return <PorticoProvider portico={portico}>{children}</PorticoProvider>
}
