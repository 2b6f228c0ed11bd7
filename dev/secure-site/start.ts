import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import type { SecureSiteConfig, SmartAccountsConfig } from './secureSiteConfig'
import { secureSiteHeaders } from './secureSiteHeaders'

export type StartSecureSiteOptions = {
  /** The reference backend (dev/backend) with its embedded-wallet endpoints. */
  backendUrl: string
  /** Chain id → JSON-RPC URL of the chains the wallet serves. */
  rpcUrls: Record<number, string>
  host?: string
  /**
   * The host name in the URL handed to apps (default `localhost`). Browsers that block storage in
   * third-party frames treat `localhost:other-port` as the same site as an app on `localhost`
   * (another origin all the same), so the site can keep its keys during development.
   */
  publicHost?: string
  /** Default 0: a free port. */
  port?: number
  /** The OpenID provider for social logins (dev/oidc), whose clients list this site's `social/callback.html`. */
  oidcIssuer?: string
  /** The Farcaster auth relay (dev/farcaster). */
  farcasterRelayUrl?: string
  /** ERC-4337 smart accounts (dev/chain's contracts, dev/bundler's URLs): embedded accounts are smart accounts by default on those chains. */
  smartAccounts?: SmartAccountsConfig
}

/**
 * Serves the embedded wallet's secure site (Vite dev server) on its own loopback origin: the
 * frame page that apps embed through `embeddedWallet({ secureSiteUrl })`. It keeps the account
 * keys in its own IndexedDB, talks to the backend, and shows its own approval window.
 *
 * @example
 * const site = await start({ backendUrl: backend.url, rpcUrls: chains.rpcUrls })
 * createPortico({ …, connectors: [embeddedWallet({ secureSiteUrl: site.url })] })
 */
export async function start(options: StartSecureSiteOptions): Promise<{ url: string; stop(): Promise<void> }> {
  if (!/^https?:\/\/[^/]+/.test(options.backendUrl)) throw new Error(`The secure site needs the backend as an http(s) URL, got ${JSON.stringify(options.backendUrl)}.`)
  if (Object.keys(options.rpcUrls).length === 0) throw new Error('The secure site needs at least one chain (rpcUrls).')
  const config: SecureSiteConfig = { backendUrl: options.backendUrl, rpcUrls: options.rpcUrls, oidcIssuer: options.oidcIssuer, farcasterRelayUrl: options.farcasterRelayUrl, smartAccounts: options.smartAccounts }
  const root = fileURLToPath(new URL('.', import.meta.url))
  const host = options.host ?? '127.0.0.1'
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [secureSiteHeaders(options.backendUrl)],
    define: { __PORTICO_SECURE_SITE__: JSON.stringify(config) },
    // Its own optimizer cache, so that it can run beside the demo's and the tests' dev servers.
    cacheDir: fileURLToPath(new URL('../../node_modules/.vite-secure-site', import.meta.url)),
    optimizeDeps: { include: ['viem', 'viem/accounts', 'viem/account-abstraction', 'zod', 'oauth4webapi', '@farcaster/auth-client'] },
    server: { host, port: options.port ?? 0, strictPort: options.port !== undefined, fs: { allow: [fileURLToPath(new URL('../..', import.meta.url))] } },
  })
  await server.listen()
  const address = server.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return { url: `http://${options.publicHost ?? 'localhost'}:${port}/`, stop: () => server.close() }
}
