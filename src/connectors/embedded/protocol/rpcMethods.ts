/**
 * Which JSON-RPC methods the embedded wallet serves, and how. Shared by the connector (which
 * shows the frame while the visitor decides) and the secure site (which enforces it).
 */

/** Reads with no effect and no secret: passed straight to the chain's RPC. */
export const SAFE_READ_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_version',
  'web3_clientVersion',
])

/** Answered by the connector itself, without a prompt. */
export const ACCOUNT_METHODS: ReadonlySet<string> = new Set(['eth_accounts', 'eth_requestAccounts'])

/**
 * Answered by the secure site without a prompt: what it can do (EIP-5792 capabilities) and how
 * the batches it sent are doing (their receipts come from the chain).
 */
export const WALLET_METHODS: ReadonlySet<string> = new Set(['wallet_getCapabilities', 'wallet_getCallsStatus'])

/** Methods that sign or send: the visitor approves each one in the secure site's own window. */
export const APPROVAL_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
  'wallet_sendCalls',
  // ERC-4337: a UserOperation the app built, for the smart account (refused for the EOA).
  'eth_sendUserOperation',
])

/**
 * Signing methods refused on purpose, with the reason: what they would sign cannot be shown to the
 * visitor in a form they could judge.
 */
export const REFUSED_METHODS: ReadonlyMap<string, string> = new Map([
  [
    'eth_sign',
    'The embedded wallet does not sign with eth_sign: it signs a bare 32-byte hash, which could be a transaction or any other approval, and nothing can show the visitor what it means. Use personal_sign or eth_signTypedData_v4',
  ],
  [
    'eth_signTypedData',
    'The embedded wallet does not sign with eth_signTypedData (the first, legacy typed-data format). Use eth_signTypedData_v4',
  ],
  // ERC-7715 session keys: no account implementation that installs here enforces their limits on chain.
  ['wallet_grantPermissions', 'Action not allowed'],
  ['wallet_revokePermissions', 'Action not allowed'],
])

/** The error an unlisted method gets, on both sides. */
export const unsupportedMethodMessage = (method: string) =>
  REFUSED_METHODS.get(method) ?? `The embedded wallet does not support the method ${JSON.stringify(method).slice(0, 80)}`

export type MethodKind = 'read' | 'account' | 'wallet' | 'approval' | 'unsupported'

/** How a method is served; the refused ones are `unsupported` too, with their own message. */
export function methodKind(method: string): MethodKind {
  if (SAFE_READ_METHODS.has(method)) return 'read'
  if (ACCOUNT_METHODS.has(method)) return 'account'
  if (WALLET_METHODS.has(method)) return 'wallet'
  if (APPROVAL_METHODS.has(method)) return 'approval'
  return 'unsupported'
}
