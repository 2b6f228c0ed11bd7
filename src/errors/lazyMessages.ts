/*
 * The families of error texts that code loaded after the first load throws, each written once
 * (set-up errors, which the modal's first load can meet, are in `setupMessages.ts`; the first
 * load's own in `entryMessages.ts`). Code reads them from `errorMessages.ts`, their union, which
 * names them again; only it imports this file (and `errorTypes.ts`, for their types), so that both
 * load as one chunk, with the first lazy part that can throw one (the modal's catalogue loads them all).
 */

/**
 * The connect flow past its first step: the connection store, the email, social and Farcaster
 * logins, sign-in. They load with the flow that throws them.
 */
export const CONNECT_MESSAGES = {
  // Shown in the modal (see MODAL_ERROR_CODES)
  modalClosed: 'Modal closed',
  socialFailed: 'Failed to initiate social connection',
  farcasterFailed: 'Failed to connect to farcaster',
  noAuthConnector: 'No auth connector found',
  notConnectedToAuth: 'Not connected to email or social',
  emailMissing: 'Start with your email address',
  signInUnavailable: 'Sign-in is not set up for this app.',
  // For the app's developer
  noConnector: 'No connector found for connection: {connectorId}',
  invalidConnectionStatus: 'Invalid connection status: {status}',
  secureSiteAnswer: 'The secure site answered without a valid {key}',
  connectorClosed: 'The connector was closed while its session was loading',
} as const

/**
 * A wallet's refusal or failure, in Portico's words (the wallet's own words are kept as
 * `details`): the connectors and `WalletError` throw them.
 */
export const WALLET_MESSAGES = {
  // Shown in the modal (see MODAL_ERROR_CODES)
  chainsNotSupported: 'The connector does not support any of the requested chains',
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
  insufficientFunds: 'Insufficient funds',
  walletRequestFailed: 'The wallet could not complete the request',
} as const

/** What the account's features (activity, names, balances, send, buy) throw or show. */
export const ACCOUNT_MESSAGES = {
  // Shown in the modal (see MODAL_ERROR_CODES)
  activityFailed: 'Failed to fetch transactions',
  nameResolve: 'Error resolving name',
  solanaNode: 'The Solana node could not be read: {reason}',
  connectSolanaFirst: 'Connect a Solana wallet first.',
  connectBitcoinFirst: 'Connect a Bitcoin wallet first.',
  // For the app's developer, or kept in the store's English words
  bitcoinNode: 'The Bitcoin API could not be read: {reason}',
  noWallet: 'No wallet is connected',
  solanaNotSetUp: 'Solana is not set up for this app.',
  sendNotSetUp: 'Sending is not set up for this app.',
  connectWalletFirst: 'Connect a wallet first.',
  noAccountAddress: "Transactions can't be fetched without an accountAddress",
  noActiveNetwork: 'Transactions need an active network',
  amountNotBuyable: 'The amount cannot be bought: {problem}',
} as const

/** What `porticoConnector` (portico/wagmi) throws to the app's developer or to wagmi. */
export const WAGMI_MESSAGES = {
  wagmiNeedsPortico: 'porticoConnector needs a running Portico: porticoConnector(createPortico({ networks }))',
  wagmiRestoreTimeout: 'restoreTimeout must be a number of milliseconds, 0 or more; got {value}',
  wagmiNoChainId: 'The wallet gave no usable chain id (eth_chainId: {value}).',
  wagmiNothingToRestore: 'Portico holds no connected EVM account to restore.',
  wagmiNoNetwork: 'Portico has no EVM network active.',
  wagmiModalClosed: 'The Portico modal was closed before a wallet connected.',
} as const
