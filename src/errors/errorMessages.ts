/**
 * The English words of every error Portico writes itself above the core, by stable code, each
 * written once. `{name}` marks a parameter. The error classes take their `shortMessage` from here;
 * the English locale catalogue takes its `errors` section (what the modal shows) from here too.
 */
export const ERROR_MESSAGES = {
  // The connect flow (shown in the modal: translated in every locale, see MODAL_ERROR_CODES)
  modalClosed: 'Modal closed',
  popupClosed: 'Popup closed',
  socialFailed: 'Failed to initiate social connection',
  farcasterFailed: 'Failed to connect to farcaster',
  noAuthConnector: 'No auth connector found',
  notConnectedToAuth: 'Not connected to email or social',
  emailMissing: 'Start with your email address',
  walletConnectUnavailable: 'WalletConnect is not set up for this app yet. Use a browser wallet instead.',
  signInUnavailable: 'Sign-in is not set up for this app.',
  chainsNotSupported: 'The connector does not support any of the requested chains',
  // What the account's features show
  activityFailed: 'Failed to fetch transactions',
  nameResolve: 'Error resolving name',
  solanaNode: 'The Solana node could not be read: {reason}',
  bitcoinNode: 'The Bitcoin API could not be read: {reason}',
  // A wallet's refusal or failure, in Portico's words (the wallet's own words are kept as `details`)
  connectionRejected: 'Connection rejected',
  switchRejected: 'Network switch rejected',
  requestRejected: 'Request rejected',
  walletUnauthorized: 'Not authorized by the wallet',
  walletUnsupported: 'Not supported by the wallet',
  walletDisconnected: 'Wallet disconnected',
  walletChainDisconnected: 'Wallet not connected to this network',
  chainNotAdded: 'Network not added in the wallet',
  invalidChainId: 'Invalid chain id',
  walletRequestPending: 'Open your wallet: a request is waiting there',
  connectFailed: 'Failed to connect',
  insufficientFunds: 'Insufficient funds',
  walletRequestFailed: 'The wallet could not complete the request',
  // The connect flow (for the app's developer)
  noConnector: 'No connector found for connection: {connectorId}',
  invalidConnectionStatus: 'Invalid connection status: {status}',
  secureSiteAnswer: 'The secure site answered without a valid {key}',
  emailInvalid: 'Not an email address: {value}',
  resendTooSoon: 'Another code can be sent in {seconds} s',
  // Set-up (for the app's developer)
  noClient: '{store} has no client: call {store}.setClient(api) first',
  relayUrlNotWebSocket: "WalletConnect's relayUrl must be a ws:// or wss:// URL, got {value}",
  secureSiteUrlInvalid: "The embedded wallet's secureSiteUrl must be an http(s) URL, got {value}",
  projectIdMissing: '{connector} needs a projectId (in {option} or createPortico({ projectId }))',
  notConnected: '{connector} is not connected',
  siwxNotConfigured: 'Sign-in is not configured: pass siwx to createPortico',
  siwxNoBackend: 'siwx needs a server to verify sign-ins: pass siwx.backend, or apiUrl for the reference backend',
  outsideProvider: 'Portico hooks must be used inside <PorticoProvider>.',
  noRpcEndpoint: 'No RPC endpoint for chain {chainId}: give rpcUrls or proxyUrl',
  noRpcUrl: 'The network {network} lists no RPC URL.',
  wagmiNeedsPortico: 'porticoConnector needs a running Portico: porticoConnector(createPortico({ networks }))',
  wagmiRestoreTimeout: 'restoreTimeout must be a number of milliseconds, 0 or more; got {value}',
  wagmiNoChainId: 'The wallet gave no usable chain id (eth_chainId: {value}).',
  wagmiNothingToRestore: 'Portico holds no connected EVM account to restore.',
  wagmiNoNetwork: 'Portico has no EVM network active.',
  wagmiModalClosed: 'The Portico modal was closed before a wallet connected.',
  // Stores asked for what is not there
  noWallet: 'No wallet is connected',
  solanaNotSetUp: 'Solana is not set up for this app.',
  sendNotSetUp: 'Sending is not set up for this app.',
  connectWalletFirst: 'Connect a wallet first.',
  connectSolanaFirst: 'Connect a Solana wallet first.',
  connectBitcoinFirst: 'Connect a Bitcoin wallet first.',
  noAccountAddress: "Transactions can't be fetched without an accountAddress",
  noActiveNetwork: 'Transactions need an active network',
  amountNotBuyable: 'The amount cannot be bought: {problem}',
} as const

/** The stable code of an error Portico writes itself. */
export type ErrorCode = keyof typeof ERROR_MESSAGES

/** The parameters an error's words take (`{reason}` → `{ reason: '…' }`). */
export type ErrorParams = Readonly<Record<string, string | number>>

/**
 * The codes whose words the modal shows a visitor: every locale translates each of them
 * (`errors.<code>`), and a test holds every locale to it.
 */
export const MODAL_ERROR_CODES = [
  'modalClosed',
  'popupClosed',
  'socialFailed',
  'farcasterFailed',
  'noAuthConnector',
  'notConnectedToAuth',
  'emailMissing',
  'walletConnectUnavailable',
  'signInUnavailable',
  'chainsNotSupported',
  'activityFailed',
  'nameResolve',
  'solanaNode',
  'connectSolanaFirst',
  'connectBitcoinFirst',
] as const satisfies readonly ErrorCode[]

export type ModalErrorCode = (typeof MODAL_ERROR_CODES)[number]

/** The parameter names of a text, in order of first use (`'{a} and {b}'` → `['a', 'b']`). */
export function errorParamNames(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))]
}

/**
 * The English words of `code` with its parameters filled in.
 *
 * @example
 * errorMessage('noConnector', { connectorId: 'io.metamask' }) // 'No connector found for connection: io.metamask'
 */
export function errorMessage(code: ErrorCode, params: ErrorParams = {}): string {
  return ERROR_MESSAGES[code].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
}

/**
 * What a store keeps for its view when something failed: the English words (the store's API)
 * and, when Portico wrote them, their code and parameters, by which the view picks the locale's words.
 */
export type StoreNotice = { error: string | undefined; errorCode: ModalErrorCode | undefined; errorParams: ErrorParams | undefined }

/** No failure to show. */
export const NO_NOTICE: StoreNotice = { error: undefined, errorCode: undefined, errorParams: undefined }

/**
 * The notice of a failure Portico words itself (`code`), or of an error in its own words.
 *
 * @example
 * Object.assign(state, storeNotice('activityFailed'))
 */
export function storeNotice(code: ModalErrorCode, params?: ErrorParams): StoreNotice {
  return { error: errorMessage(code, params), errorCode: code, errorParams: params }
}
