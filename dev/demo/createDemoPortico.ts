import { embeddedWallet } from '../../src/connectors/embedded/embeddedWallet'
import { walletConnect } from '../../src/connectors/walletconnect/walletConnect'
import { createPortico, type Portico, type PorticoOptions } from '../../src/react'
import { registerDevBitcoinWallet } from '../bitcoin-wallet/registerDevBitcoinWallet'
import { registerDevSolanaWallet } from '../solana-wallet/registerDevSolanaWallet'
import { createDevWallet } from '../wallet/DevWallet'
import { demoConfig, demoWallets } from './demoConfig'
import type { DemoOptions } from './demoOptions'

/** A network as `createPortico` takes it (named through the public options type). */
export type DemoNetwork = PorticoOptions['networks'][number]

const CHAIN_NAMES: Record<number, string> = { 31337: 'Portico Local', 31338: 'Portico Local 2' }

/** The local chains, and the local Solana cluster when the demo runs with one. */
export function demoNetworks(): DemoNetwork[] {
  const networks: DemoNetwork[] = Object.entries(demoConfig.rpcUrls).map(([id, rpcUrl]) => ({
    id: Number(id),
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    name: CHAIN_NAMES[Number(id)] ?? `Chain ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  }))
  const solana = demoConfig.solana
  if (solana) {
    networks.push({
      id: solana.caip2.slice('solana:'.length),
      caipNetworkId: solana.caip2 as DemoNetwork['caipNetworkId'],
      chainNamespace: 'solana',
      name: 'Solana Local',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: [solana.url], webSocket: [solana.wsUrl] } },
      testnet: true,
    })
  }
  return networks
}

/**
 * The demo's Portico, as the demo page and the lab both make it: the dev wallets announced in the
 * page (each asks in its own panel before a request), WalletConnect through the local relay and
 * the embedded wallet through the local secure site when the demo runs with them, and sign-in
 * through the local backend when `options.signIn` asks for it.
 */
export function createDemoPortico(options: DemoOptions): { portico: Portico; networks: DemoNetwork[]; signInAvailable: boolean } {
  const networks = demoNetworks()
  const evm = networks.filter((n) => n.chainNamespace === 'eip155')
  createDevWallet({ chains: evm.map((n) => ({ id: Number(n.id), name: n.name, rpcUrl: n.rpcUrls.default.http[0]! })) }).inject({ legacy: true })
  if (demoConfig.solana) registerDevSolanaWallet({ rpcUrl: demoConfig.solana.url })
  // With the local Bitcoin node: the dev Bitcoin wallet (Wallet Standard, regtest) with the same panel.
  // The modal has no bip122 network yet, so the wallet is there for apps and tests that look for it.
  if (demoConfig.bitcoin) registerDevBitcoinWallet({ esploraUrl: demoConfig.bitcoin.url })
  // Sign-in is verified by the local backend: without one, the option stays off.
  const signInAvailable = Boolean(demoConfig.backendUrl)
  const signIn = signInAvailable && options.signIn !== 'off'
  const solana = demoConfig.solana
  const portico = createPortico({
    networks,
    // The local reference backend (wallet listing with icons, activity); fetched only once the modal opens.
    ...(demoConfig.backendUrl && { apiUrl: demoConfig.backendUrl, projectId: 'portico-demo' }),
    // The backend's swap pools are on the local chains.
    swapChainIds: evm.map((n) => Number(n.id)),
    metadata: { name: 'Portico demo', description: 'The Portico wallet modal on a local chain', url: location.origin, icons: [] },
    themeMode: options.theme,
    features: { multiWallet: options.multiWallet },
    ...(signIn && { siwx: { required: options.signIn === 'required', statement: 'Sign in to the Portico demo' } }),
    ...(solana?.mint && { solana: { tokens: [{ mint: solana.mint.address, symbol: solana.mint.symbol, name: solana.mint.name, decimals: solana.mint.decimals }] } }),
    // `?lang=ar` starts in that language; otherwise the browser's languages decide.
    ...(options.locale && { locale: options.locale }),
    // Without a backend, a static list stands in for the listing.
    wallets: demoConfig.backendUrl ? [] : demoWallets,
    featuredWalletIds: ['rainbow'],
    connectors: [
      // WalletConnect through the local relay: the phone wallet page pairs by QR code or pasted link.
      ...(demoConfig.relayUrl ? [walletConnect({ projectId: 'portico-demo', relayUrl: demoConfig.relayUrl })] : []),
      // The embedded wallet through the local secure site: email login (its codes arrive in the dev inbox
      // page), social login (the dev OpenID provider) and Farcaster (the dev Farcaster app).
      ...(demoConfig.secureSiteUrl ? [embeddedWallet({ secureSiteUrl: demoConfig.secureSiteUrl, projectId: 'portico-demo' })] : []),
    ],
  })
  return { portico, networks, signInAvailable }
}
