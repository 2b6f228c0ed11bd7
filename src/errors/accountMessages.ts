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
