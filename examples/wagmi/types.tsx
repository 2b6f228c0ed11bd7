// Type-checked with `tsc --noEmit --strict` under moduleResolution bundler and node16 (not part of
// the app's build): portico/wagmi's types resolve next to wagmi's, and misuse is an error (the
// expected errors below would go unused, and so fail the check, if the types were `any`).
// skipLibCheck, as in Vite's React templates: wagmi 3.7's own declarations do not check against
// @tanstack/react-query 5.108 (their errors are inside node_modules, not in this file).
import { createConfig, http, useConnection, type Connector } from 'wagmi'
import { mainnet } from 'wagmi/chains'
import { createPortico } from 'portico/react'
import { porticoConnector, type PorticoConnectorOptions, type PorticoForWagmi } from 'portico/wagmi'

const portico = createPortico({
  networks: [{ id: mainnet.id, name: mainnet.name, nativeCurrency: mainnet.nativeCurrency, rpcUrls: mainnet.rpcUrls, caipNetworkId: 'eip155:1', chainNamespace: 'eip155' }],
})
const forWagmi: PorticoForWagmi = portico
const options: PorticoConnectorOptions = { restoreTimeout: 1000 }

export const config = createConfig({
  chains: [mainnet],
  connectors: [porticoConnector(forWagmi, options)],
  multiInjectedProviderDiscovery: false,
  transports: { [mainnet.id]: http() },
})

export const connector: Connector = config.connectors[0]!
export const type: 'portico' = porticoConnector.type

// @ts-expect-error a Portico is required
porticoConnector()
// @ts-expect-error restoreTimeout is a number of milliseconds
porticoConnector(portico, { restoreTimeout: '1s' })

export function Address() {
  const { address } = useConnection()
  return <output>{address}</output>
}
