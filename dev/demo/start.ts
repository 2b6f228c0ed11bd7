import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { createServer } from 'vite'
import type { DemoConfig } from './demoConfig'

/**
 * Serves the demo page (Vite dev server) on a free loopback port: the Connect and Network
 * buttons, the modal, a light/dark switch, the dev wallet pointed at the local chains, and
 * WalletConnect on the local relay when `relayUrl` is given.
 *
 * @example
 * const demo = await start({ rpcUrls: { 31337: 'http://127.0.0.1:8545' } })
 * console.log(demo.url)
 * await demo.stop()
 */
export async function start(options: { backendUrl?: string; rpcUrls?: Record<number, string>; relayUrl?: string; solana?: DemoConfig['solana']; secureSiteUrl?: string; mailSinkUrl?: string; port?: number } = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const config: DemoConfig = { backendUrl: options.backendUrl, rpcUrls: options.rpcUrls ?? { 31337: 'http://127.0.0.1:8545' }, relayUrl: options.relayUrl, solana: options.solana, secureSiteUrl: options.secureSiteUrl, mailSinkUrl: options.mailSinkUrl }
  const root = fileURLToPath(new URL('.', import.meta.url))
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    define: { __PORTICO_DEMO__: JSON.stringify(config) },
    // Pre-bundle what the lazy chunks import too, so that opening a view never makes Vite reload the page.
    optimizeDeps: {
      include: ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'valtio/react', 'valtio/vanilla', 'viem', 'viem/accounts', 'zod', 'zod/mini', 'qrcode', '@walletconnect/universal-provider', '@solana/web3.js', '@wallet-standard/app', '@wallet-standard/wallet', '@noble/curves/ed25519', 'bs58'],
    },
    server: { host: '127.0.0.1', port: options.port ?? 0, strictPort: options.port !== undefined },
  })
  await server.listen()
  const address = server.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => server.close(),
  }
}
