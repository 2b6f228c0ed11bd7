// The smallest app: one page that imports only portico/react (its entry, src/react) and renders the
// button. `benches/browser.ts` builds it for production and measures its time to interactive.
import { createRoot } from 'react-dom/client'
import { ConnectButton, createPortico, PorticoProvider } from '../../src/react'

const portico = createPortico({
  networks: [
    {
      id: 31337,
      caipNetworkId: 'eip155:31337',
      chainNamespace: 'eip155',
      name: 'Portico Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    },
  ],
  metadata: { name: 'Button only', description: '', url: location.origin, icons: [] },
})

createRoot(document.getElementById('app')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
  </PorticoProvider>,
)
