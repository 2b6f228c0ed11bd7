/**
 * Set-up the app's developer got wrong: a store without its client, a connector's options (which
 * the modal's first load checks as it registers its connectors), sign-in, RPC endpoints. A family
 * of its own, so that a first load that checks options does not carry the other lazy families.
 */
export const SETUP_MESSAGES = {
  noClient: '{store} has no client: call {store}.setClient(api) first',
  relayUrlNotWebSocket: "WalletConnect's relayUrl must be a ws:// or wss:// URL, got {value}",
  secureSiteUrlInvalid: "The embedded wallet's secureSiteUrl must be an http(s) URL, got {value}",
  projectIdMissing: '{connector} needs a projectId (in {option} or createPortico({ projectId }))',
  notConnected: '{connector} is not connected',
  siwxNotConfigured: 'Sign-in is not configured: pass siwx to createPortico',
  noRpcEndpoint: 'No RPC endpoint for chain {chainId}: give rpcUrls or proxyUrl',
  noRpcUrl: 'The network {network} lists no RPC URL.',
} as const
