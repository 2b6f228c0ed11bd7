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

/** Answered by the wallet itself, without a prompt. */
export const ACCOUNT_METHODS: ReadonlySet<string> = new Set(['eth_accounts', 'eth_requestAccounts', 'wallet_getCapabilities'])

/** Methods that sign or send: the visitor approves each one in the secure site's own window. */
export const APPROVAL_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
  'wallet_sendCalls',
])

/** The error an unlisted method gets, on both sides. */
export const unsupportedMethodMessage = (method: string) => `The embedded wallet does not support the method ${JSON.stringify(method).slice(0, 80)}`

export type MethodKind = 'read' | 'account' | 'approval' | 'unsupported'

/** How a method is served. */
export function methodKind(method: string): MethodKind {
  if (SAFE_READ_METHODS.has(method)) return 'read'
  if (ACCOUNT_METHODS.has(method)) return 'account'
  if (APPROVAL_METHODS.has(method)) return 'approval'
  return 'unsupported'
}
