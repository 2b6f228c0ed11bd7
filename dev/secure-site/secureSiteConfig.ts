/** What the secure site's page is told at build time (`define`), by dev/secure-site/start.ts. */
export type SecureSiteConfig = {
  /** The reference backend (email codes, sessions, allowed origins). */
  backendUrl: string
  /** Chain id → JSON-RPC URL: where reads go and transactions are sent. */
  rpcUrls: Record<number, string>
  /** The OpenID provider of social logins (dev/oidc); without it social login is refused. */
  oidcIssuer?: string | undefined
  /** The Farcaster auth relay (dev/farcaster); without it Farcaster sign-in is refused. */
  farcasterRelayUrl?: string | undefined
  /** ERC-4337 smart accounts; without it every account is the embedded key's own (EOA). */
  smartAccounts?: SmartAccountsConfig | undefined
}

/**
 * Where the smart accounts live: the EntryPoint v0.7 and the Portico account factory (the same
 * addresses on every chain), and a bundler per chain. The chains with a bundler are the
 * smart-account-enabled networks; the backend's paymaster service (`/v1/paymaster`) sponsors gas.
 */
export type SmartAccountsConfig = {
  entryPoint: `0x${string}`
  accountFactory: `0x${string}`
  /** Chain id → ERC-4337 bundler URL. */
  bundlerUrls: Record<number, string>
}

declare const __PORTICO_SECURE_SITE__: SecureSiteConfig

export const secureSiteConfig = (): SecureSiteConfig => __PORTICO_SECURE_SITE__
