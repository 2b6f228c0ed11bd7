import { SETUP_MESSAGES } from './setupMessages'
import { ENTRY_MESSAGES } from './entryMessages'
import { type ErrorParams, fillParams } from './fillParams'

export type { ErrorParams } from './fillParams'

/*
 * The error texts that only code loaded after the first load throws, in families by who throws
 * them (the first load's own are in `entryMessages.ts` and `setupMessages.ts`), and the union of
 * all families, in one module. The modal preloads the union with its catalogue, beside the flows
 * that throw these families: as one module they are one chunk in an app's build. Apart (a module
 * of families, the union in another) each was a chunk of its own, and every chunk that throws one
 * named it in its imports and its preload lists. A first load carries none of them.
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

/** The stable code of an error Portico writes itself: every family's codes. */
export type ErrorCode =
  | keyof typeof ENTRY_MESSAGES
  | keyof typeof CONNECT_MESSAGES
  | keyof typeof WALLET_MESSAGES
  | keyof typeof SETUP_MESSAGES
  | keyof typeof ACCOUNT_MESSAGES
  | keyof typeof WAGMI_MESSAGES

/**
 * The English words of every error Portico writes itself above the core, by stable code: the
 * union of the families beside this file, where each text is written once (a test holds them to
 * no code twice). `{name}` marks a parameter. Families split by who throws them, so that a
 * module loads only the words it can throw (`errorOf(FAMILY, code)`); the English locale
 * catalogue takes its `errors` section (what the modal shows) from here.
 */
export const ERROR_MESSAGES = {
  ...ENTRY_MESSAGES,
  ...CONNECT_MESSAGES,
  ...WALLET_MESSAGES,
  ...SETUP_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...WAGMI_MESSAGES,
} as const satisfies Record<ErrorCode, string>

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
  return fillParams(ERROR_MESSAGES[code], params)
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
