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
}

declare const __PORTICO_SECURE_SITE__: SecureSiteConfig

export const secureSiteConfig = (): SecureSiteConfig => __PORTICO_SECURE_SITE__
