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
