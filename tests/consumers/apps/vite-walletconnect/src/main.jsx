import { createRoot } from 'react-dom/client'
import { ConnectButton, PorticoProvider, createPortico } from 'portico/react'
import { walletConnect } from 'portico/walletconnect'

// The relay comes from the page's address (?relay=ws://127.0.0.1:…), so a test can point it at its own.
const relayUrl = new URLSearchParams(location.search).get('relay') ?? 'ws://127.0.0.1:1'
const network = {
  id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const portico = createPortico({ networks: [network], projectId: 'portico-consumer', connectors: [walletConnect({ relayUrl })] })

createRoot(document.getElementById('root')).render(
  <PorticoProvider portico={portico}>
    <h1>Vite app with WalletConnect</h1>
    <ConnectButton />
  </PorticoProvider>,
)
