/** What `start()` passes to the page (through Vite's `define`): the local backend, relay and chain URLs. */
export type DemoConfig = {
  backendUrl: string | undefined
  rpcUrls: Record<number, string>
  relayUrl?: string | undefined
  /** The local Solana RPC (dev/solana-rpc): the demo then lists Solana and the dev Solana wallet. */
  solana?: { url: string; wsUrl: string; caip2: string; mint?: { address: string; symbol: string; name: string; decimals: number } | undefined } | undefined
  /** The local Bitcoin node's Esplora API (dev/bitcoin): the demo then registers the dev Bitcoin wallet. */
  bitcoin?: { url: string; caip2: string } | undefined
  /** The embedded wallet's secure site (email login), and the dev inbox page where its mail arrives. */
  secureSiteUrl?: string | undefined
  mailSinkUrl?: string | undefined
}

declare const __PORTICO_DEMO__: DemoConfig | undefined

export const demoConfig: DemoConfig =
  typeof __PORTICO_DEMO__ === 'undefined' ? { backendUrl: undefined, rpcUrls: { 31337: 'http://127.0.0.1:8545' } } : __PORTICO_DEMO__

/** Wallets of the demo listing; no images, so the page loads nothing from elsewhere. */
export const demoWallets = ['Rainbow', 'Trust Wallet', 'Zerion', 'Ledger Live', 'Argent', 'Safe', 'Uniswap Wallet', 'OKX Wallet', 'Coinbase Wallet', 'Rabby', 'Frame', 'Taho', 'Enkrypt', 'Exodus', 'Backpack', 'Keplr', 'Sequence', 'imToken', 'TokenPocket', 'SafePal', 'Zengo', 'Daimo'].map((name) => ({
  id: name.toLowerCase().replace(/\W+/g, '-'),
  name,
}))
