import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

/**
 * Serves `testPage/` (Vite, loopback, a free port): a page where an app finds the dev Solana
 * wallet through `getWallets()`, with the wallet sending to `rpcUrl`.
 */
export async function serveTestPage(options: { rpcUrl: string }): Promise<{ url: string; stop(): Promise<void> }> {
  const server = await createServer({
    configFile: false,
    root: fileURLToPath(new URL('./testPage/', import.meta.url)),
    logLevel: 'warn',
    define: { __SOLANA_WALLET_TEST__: JSON.stringify({ rpcUrl: options.rpcUrl }) },
    optimizeDeps: { include: ['@solana/web3.js', '@wallet-standard/app', '@wallet-standard/wallet', '@noble/curves/ed25519', 'bs58'] },
    server: { host: '127.0.0.1', port: 0, fs: { allow: [fileURLToPath(new URL('../..', import.meta.url))] } },
  })
  await server.listen()
  const address = server.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.close() }
}
