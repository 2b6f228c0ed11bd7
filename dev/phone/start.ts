import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { createServer } from 'vite'
import type { DevWalletChain } from '../wallet/DevWalletChain'
import type { PhoneBitcoinNetwork } from './answerBitcoinRequest'
import type { PhoneSolanaCluster } from './answerSolanaRequest'
import type { PhoneConfig } from './phoneConfig'

export type StartPhoneOptions = {
  /** The WalletConnect relay, e.g. `dev/relay`'s `ws://127.0.0.1:…`. */
  relayUrl: string
  /** Chain id → JSON-RPC URL; named like the dev chains unless `chains` is given. */
  rpcUrls?: Record<number, string>
  /** The chains with their names (wins over `rpcUrls`). */
  chains?: readonly DevWalletChain[]
  projectId?: string
  /** The local Solana cluster (dev/solana-rpc): the phone then holds a Solana account there too. */
  solana?: PhoneSolanaCluster
  /** The local regtest node (dev/bitcoin): the phone then holds a Bitcoin account there too. */
  bitcoin?: PhoneBitcoinNetwork
  host?: string
  /** Default 0: a free port. */
  port?: number
}

const CHAIN_NAMES: Record<number, string> = { 31337: 'Portico Local', 31338: 'Portico Local 2' }

/**
 * Serves the phone wallet page (Vite dev server) on its own loopback origin: a WalletKit wallet
 * that scans a pasted `wc:` link or a QR screenshot, pairs through the given relay, and signs
 * and sends on the local chains with the dev keys, asking in its own approval panel.
 *
 * @example
 * const phone = await start({ relayUrl: relay.url, rpcUrls: chains.rpcUrls })
 * console.log(phone.url)
 * await phone.stop()
 */
export async function start(options: StartPhoneOptions): Promise<{ url: string; stop(): Promise<void> }> {
  if (!/^wss?:\/\/[^/]+/.test(options.relayUrl)) throw new Error(`The phone wallet needs the relay as a ws:// or wss:// URL, got ${JSON.stringify(options.relayUrl)}.`)
  const chains =
    options.chains ??
    Object.entries(options.rpcUrls ?? { 31337: 'http://127.0.0.1:8545' }).map(([id, rpcUrl]) => ({ id: Number(id), name: CHAIN_NAMES[Number(id)] ?? `Chain ${id}`, rpcUrl }))
  if (chains.length === 0) throw new Error('The phone wallet needs at least one chain (rpcUrls or chains).')
  if (options.solana && !/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(options.solana.caip2)) throw new Error(`The phone wallet's Solana cluster needs a CAIP-2 id (solana: and 32 base58 characters), got ${JSON.stringify(options.solana.caip2)}.`)
  if (options.bitcoin && !/^bip122:[0-9a-f]{32}$/.test(options.bitcoin.caip2)) throw new Error(`The phone wallet's Bitcoin network needs a CAIP-2 id (bip122: and 32 hex characters), got ${JSON.stringify(options.bitcoin.caip2)}.`)
  if (options.bitcoin && !/^https?:\/\/[^/]/.test(options.bitcoin.esploraUrl)) throw new Error(`The phone wallet's Bitcoin network needs its Esplora API as an http(s) URL, got ${JSON.stringify(options.bitcoin.esploraUrl)}.`)
  const config: PhoneConfig = {
    relayUrl: options.relayUrl,
    projectId: options.projectId ?? 'portico-dev',
    chains: [...chains],
    ...(options.solana && { solana: options.solana }),
    ...(options.bitcoin && { bitcoin: options.bitcoin }),
  }
  const root = fileURLToPath(new URL('.', import.meta.url))
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    define: { __PORTICO_PHONE__: JSON.stringify(config) },
    // Its own optimizer cache, so that it can run beside the demo's dev server.
    cacheDir: fileURLToPath(new URL('../../node_modules/.vite-phone', import.meta.url)),
    optimizeDeps: {
      include: ['react', 'react/jsx-runtime', 'react-dom/client', 'viem', 'viem/accounts', 'jsqr', '@reown/walletkit', '@walletconnect/core', '@walletconnect/utils', '@solana/web3.js', '@noble/curves/ed25519', '@noble/hashes/sha2.js', 'bs58', '@scure/base', '@scure/bip32', '@scure/btc-signer'],
    },
    server: { host: options.host ?? '127.0.0.1', port: options.port ?? 0, strictPort: options.port !== undefined },
  })
  await server.listen()
  const address = server.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/`,
    stop: () => server.close(),
  }
}
