import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, createServer, preview } from 'vite'
import type { DemoConfig } from './demoConfig'

/**
 * Serves the demo page (Vite dev server) on a free loopback port: the Connect and Network
 * buttons, the modal, a light/dark switch, the lab page (`/lab`: each wallet request and option),
 * the dev wallet pointed at the local chains, and
 * WalletConnect on the local relay when `relayUrl` is given. With `production`, the page is built
 * by `vite build` (into `.cache/demo-dist`) and served by `vite preview` instead, as an app ships it.
 *
 * @example
 * const demo = await start({ rpcUrls: { 31337: 'http://127.0.0.1:8545' } })
 * console.log(demo.url)
 * await demo.stop()
 */
export async function start(options: { backendUrl?: string; rpcUrls?: Record<number, string>; relayUrl?: string; solana?: DemoConfig['solana']; bitcoin?: DemoConfig['bitcoin']; secureSiteUrl?: string; mailSinkUrl?: string; port?: number; production?: boolean } = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const config: DemoConfig = { backendUrl: options.backendUrl, rpcUrls: options.rpcUrls ?? { 31337: 'http://127.0.0.1:8545' }, relayUrl: options.relayUrl, solana: options.solana, bitcoin: options.bitcoin, secureSiteUrl: options.secureSiteUrl, mailSinkUrl: options.mailSinkUrl }
  const root = fileURLToPath(new URL('.', import.meta.url))
  const define = { __PORTICO_DEMO__: JSON.stringify(config) }
  if (options.production) {
    const outDir = fileURLToPath(new URL('../../.cache/demo-dist/', import.meta.url))
    await build({ configFile: false, root, logLevel: 'warn', plugins: [react()], define, build: { outDir, emptyOutDir: true, rollupOptions: { input: { main: `${root}index.html`, lab: `${root}lab.html` } } } })
    const server = await preview({ configFile: false, root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: options.port ?? 0, strictPort: options.port !== undefined } })
    const address = server.httpServer.address()
    const port = typeof address === 'object' && address ? address.port : options.port
    return { url: `http://127.0.0.1:${port}/`, stop: () => new Promise<void>((resolve) => server.httpServer.close(() => resolve())) }
  }
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    define,
    // Pre-bundle what the lazy chunks import too, so that opening a view never makes Vite reload the page.
    optimizeDeps: {
      include: ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'valtio/react', 'valtio/vanilla', 'viem', 'viem/accounts', 'zod', 'zod/mini', 'qrcode', '@walletconnect/universal-provider', '@solana/web3.js', '@wallet-standard/app', '@wallet-standard/wallet', '@noble/curves/ed25519', 'bs58', '@scure/btc-signer', '@scure/base', '@noble/curves/secp256k1.js', '@noble/hashes/sha2.js'],
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
