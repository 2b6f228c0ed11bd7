/** Where the backend checks social and Farcaster logins; either part may be missing (that login then answers 503). */
export type SocialLoginSettings = {
  /** The OpenID issuer whose ID tokens count (dev/oidc in the local stack), and its clients. */
  oidc?: { issuer: string; clientIds: readonly string[] } | undefined
  /** The Farcaster auth relay with its registry, and a chain for signature checks. */
  farcaster?: { relayUrl: string; rpcUrl: string } | undefined
}
