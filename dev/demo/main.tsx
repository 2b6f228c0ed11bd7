import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import type { Network } from '../../src/controllers/ChainController'
import type { ThemeMode } from '../../src/controllers/ThemeController'
import { walletConnect } from '../../src/connectors/walletconnect/walletConnect'
import { embeddedWallet } from '../../src/connectors/embedded/embeddedWallet'
import { ConnectButton, createPortico, NetworkButton, PorticoProvider, usePorticoAccount } from '../../src/react'
import { createDevWallet } from '../wallet/DevWallet'
import { registerDevSolanaWallet } from '../solana-wallet/registerDevSolanaWallet'
import { registerDevBitcoinWallet } from '../bitcoin-wallet/registerDevBitcoinWallet'
import { demoConfig, demoWallets } from './demoConfig'
import { LanguagePicker } from './LanguagePicker'

const CHAIN_NAMES: Record<number, string> = { 31337: 'Portico Local', 31338: 'Portico Local 2' }

const networks: Network[] = Object.entries(demoConfig.rpcUrls).map(([id, rpcUrl]) => ({
  id: Number(id),
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name: CHAIN_NAMES[Number(id)] ?? `Chain ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
  testnet: true,
}))

// The development wallet: announced through EIP-6963; its panel asks before each request.
createDevWallet({ chains: networks.map((n) => ({ id: Number(n.id), name: n.name, rpcUrl: n.rpcUrls.default.http[0]! })) }).inject({ legacy: true })

// With the local Solana RPC: its cluster as a network, and the dev Solana wallet (Wallet Standard) with the same panel.
const solana = demoConfig.solana
if (solana) {
  networks.push({
    id: solana.caip2.slice('solana:'.length),
    caipNetworkId: solana.caip2 as Network['caipNetworkId'],
    chainNamespace: 'solana',
    name: 'Solana Local',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [solana.url], webSocket: [solana.wsUrl] } },
    testnet: true,
  })
  registerDevSolanaWallet({ rpcUrl: solana.url })
}

// With the local Bitcoin node: the dev Bitcoin wallet (Wallet Standard, regtest) with the same panel.
// The modal has no bip122 network yet, so the wallet is there for apps and tests that look for it.
if (demoConfig.bitcoin) registerDevBitcoinWallet({ esploraUrl: demoConfig.bitcoin.url })

const initialLocale = new URLSearchParams(location.search).get('lang')
const initialMode: ThemeMode = new URLSearchParams(location.search).get('theme') === 'dark' ? 'dark' : 'light'

const portico = createPortico({
  networks,
  // The local reference backend (wallet listing with icons, activity); fetched only once the modal opens.
  ...(demoConfig.backendUrl && { apiUrl: demoConfig.backendUrl, projectId: 'portico-demo' }),
  // The backend's swap pools are on the local chains.
  swapChainIds: networks.map((n) => Number(n.id)),
  metadata: { name: 'Portico demo', description: 'The Portico wallet modal on a local chain', url: location.origin, icons: [] },
  themeMode: initialMode,
  ...(solana?.mint && { solana: { tokens: [{ mint: solana.mint.address, symbol: solana.mint.symbol, name: solana.mint.name, decimals: solana.mint.decimals }] } }),
  // `?lang=ar` starts in that language; otherwise the browser's languages decide.
  ...(initialLocale && { locale: initialLocale }),
  // Without a backend, a static list stands in for the listing.
  wallets: demoConfig.backendUrl ? [] : demoWallets,
  featuredWalletIds: ['rainbow'],
  // WalletConnect through the local relay: the phone wallet page pairs by QR code or pasted link.
  connectors: [
    ...(demoConfig.relayUrl ? [walletConnect({ projectId: 'portico-demo', relayUrl: demoConfig.relayUrl })] : []),
    // The embedded wallet through the local secure site: email login (its codes arrive in the dev inbox
    // page), social login (the dev OpenID provider) and Farcaster (the dev Farcaster app).
    ...(demoConfig.secureSiteUrl ? [embeddedWallet({ secureSiteUrl: demoConfig.secureSiteUrl, projectId: 'portico-demo' })] : []),
  ],
})

function Demo() {
  const [mode, setMode] = useState<ThemeMode>(initialMode)
  const account = usePorticoAccount()
  const changeMode = (next: ThemeMode) => {
    setMode(next)
    portico.setThemeMode(next)
    document.body.dataset.mode = next
  }
  return (
    <>
      <header>
        <strong>Portico demo</strong>
        <div className="controls">
          <label>
            Theme{' '}
            <select value={mode} onChange={(e) => changeMode(e.target.value as ThemeMode)}>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
          <LanguagePicker portico={portico} />
          <NetworkButton />
          <ConnectButton />
        </div>
      </header>
      <main>
        <h1>A wallet modal you can host yourself</h1>
        <p>
          Press <em>Connect wallet</em>, pick <em>Portico Dev Wallet</em> and approve in its panel. The wallet signs with the
          local Hardhat dev accounts; nothing here talks to a remote host.
        </p>
        <p>
          Solana too: pick <em>Portico Dev Solana Wallet</em> (or choose <em>Solana Local</em> in the network list) and
          approve; it signs with the local Solana dev accounts on the in-process cluster.
        </p>
        <p>
          Or press <em>WalletConnect</em> and connect the phone wallet page (its URL is printed by the start script): paste
          the link from <em>Copy link</em>, or a screenshot of the QR code.
        </p>
        {demoConfig.mailSinkUrl && (
          <p>
            Or type an email address (any, e.g. <code>me@example.com</code>) and press <em>Continue</em>: the code arrives
            in the <a href={demoConfig.mailSinkUrl} target="_blank" rel="noreferrer">dev inbox</a>.
          </p>
        )}
        <p>{account.isConnected ? <>Connected as <code>{account.address}</code>.</> : 'Not connected.'}</p>
      </main>
    </>
  )
}

document.body.dataset.mode = initialMode
// `?preload=0` leaves the modal's code until the first open, as `preload={false}` does (the browser
// bench measures both).
const preload = new URLSearchParams(location.search).get('preload') !== '0'
createRoot(document.getElementById('app')!).render(
  <PorticoProvider portico={portico} preload={preload}>
    <Demo />
  </PorticoProvider>,
)
