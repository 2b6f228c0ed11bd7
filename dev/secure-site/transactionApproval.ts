import { type Address, type Hex, createPublicClient, decodeFunctionData, erc20Abi, formatEther, formatGwei, http, isHex, parseAbi } from 'viem'
import type { LocalAccount } from 'viem/accounts'
import { Address as CoreAddress, init, Transaction } from '../../src/core/index'
import type { ApprovalDetail } from './ApprovalPanel'
import { rpcUrl } from './chainRpc'
import { type FrameContext, FrameError } from './FrameHandler'
import { isAccount } from './isAccount'

/** A transaction as apps ask for it (`eth_sendTransaction`'s object, or one call of a batch). */
export type TxParams = { from?: unknown; to?: unknown; value?: unknown; data?: unknown; gas?: unknown }

/** An EIP-1559 transaction with every field filled in, validated by `portico/core`. */
export type PreparedTransaction = {
  transaction: Required<Pick<Transaction.Transaction, 'chainId' | 'nonce' | 'gas' | 'maxFeePerGas' | 'maxPriorityFeePerGas' | 'value' | 'data'>> & { to: Hex | null }
  /** What the approval window shows of it. */
  details: ApprovalDetail[]
  /** gas × max fee per gas: the most it can cost in fees, in wei. */
  maxFee: bigint
}

const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/i

/** Reads the fields an app passes, with a clear error for each malformed one (`where` names the request). */
export function readTxParams(params: TxParams, where: string): { to?: Hex; value: bigint; data: Hex; gas?: bigint } {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) throw new FrameError(`${where}: expected a transaction object`, '-32602')
  const { to, value, data, gas } = params
  if (to !== undefined && to !== null && !CoreAddress.isEvm(to, { strict: true })) throw new FrameError(`${where}: "to" must be a 0x address with a valid checksum, got ${JSON.stringify(to).slice(0, 80)}`, '-32602')
  if (value !== undefined && (typeof value !== 'string' || !QUANTITY.test(value))) throw new FrameError(`${where}: "value" must be a hex quantity (0x…), got ${JSON.stringify(value).slice(0, 80)}`, '-32602')
  if (data !== undefined && (typeof data !== 'string' || !isHex(data) || data.length % 2 !== 0)) throw new FrameError(`${where}: "data" must be hex bytes (0x…), got ${JSON.stringify(data).slice(0, 80)}`, '-32602')
  if (gas !== undefined && (typeof gas !== 'string' || !QUANTITY.test(gas))) throw new FrameError(`${where}: "gas" must be a hex quantity (0x…), got ${JSON.stringify(gas).slice(0, 80)}`, '-32602')
  return {
    ...(typeof to === 'string' && { to: CoreAddress.checksum(to) }),
    value: value === undefined ? 0n : BigInt(value as string),
    data: (data as Hex | undefined) ?? '0x',
    ...(gas !== undefined && { gas: BigInt(gas as string) }),
  }
}

/** The dev swap contract's functions (dev/chain/contracts/SwapPools.sol) that a visitor's call may use. */
const swapAbi = parseAbi(['function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, uint256 deadline) payable returns (uint256 amountOut)'])

/** The contracts whose calls the site can show decoded: ERC-20 tokens and the dev swap. */
const KNOWN_ABIS = [{ abi: erc20Abi, what: 'an ERC-20 token call' }, { abi: swapAbi, what: 'a swap' }] as const

/** What the calldata means when it is a call of a contract the site knows (ERC-20, the swap), else nothing. */
export function describeCalldata(data: Hex): ApprovalDetail[] {
  if (data === '0x') return []
  for (const { abi, what } of KNOWN_ABIS) {
    try {
      const { functionName, args } = decodeFunctionData({ abi, data })
      return [{ label: 'Function', value: `${functionName}(${(args ?? []).map(String).join(', ')}) — ${what}` }]
    } catch {
      // Not this one: try the next ABI.
    }
  }
  return [{ label: 'Function', value: 'Unknown contract call: check the data below' }]
}

/**
 * Builds one transaction from `from`: the node's nonce (or `nonce`), gas limit and EIP-1559 fee
 * caps; then the same checks as the modal's send preview, `Transaction.validate` of
 * `portico/core`, so a transaction core refuses is never shown nor signed.
 */
export async function prepareTransaction(context: FrameContext, chainId: number, from: Address, params: TxParams, where: string, nonce?: number): Promise<PreparedTransaction> {
  if (params.from !== undefined && !isAccount(params.from, from)) {
    throw new FrameError(`${where}: from ${String(params.from).slice(0, 80)} is not this wallet's account`, '4100')
  }
  await init()
  const call = readTxParams(params, where)
  const client = createPublicClient({ transport: http(rpcUrl(context, chainId)) })
  const prepared = await client.prepareTransactionRequest({
    account: from, chain: null, type: 'eip1559', to: call.to, value: call.value, data: call.data,
    ...(call.gas !== undefined && { gas: call.gas }), ...(nonce !== undefined && { nonce }),
  })
  const transaction: PreparedTransaction['transaction'] = {
    chainId, nonce: prepared.nonce, gas: prepared.gas, maxFeePerGas: prepared.maxFeePerGas, maxPriorityFeePerGas: prepared.maxPriorityFeePerGas,
    to: call.to ?? null, value: call.value, data: call.data,
  }
  Transaction.validate({ type: 'eip1559', ...transaction, accessList: [] })
  const maxFee = transaction.gas * transaction.maxFeePerGas
  const details: ApprovalDetail[] = [
    { label: 'To', value: transaction.to ?? 'New contract' },
    { label: 'Amount', value: `${formatEther(transaction.value)} ETH` },
    { label: 'Network fee (at most)', value: `${formatEther(maxFee)} ETH (${formatGwei(transaction.maxFeePerGas)} gwei)` },
    { label: 'Nonce', value: String(transaction.nonce) },
    ...describeCalldata(transaction.data),
    ...(transaction.data !== '0x' ? [{ label: 'Data', value: transaction.data }] : []),
  ]
  return { transaction, details, maxFee }
}

/** Signs a prepared transaction, then decodes what was signed and checks it is what was shown. */
export async function signPrepared(account: LocalAccount, { transaction }: PreparedTransaction): Promise<Hex> {
  const signed = await account.signTransaction({ type: 'eip1559', ...transaction, accessList: [] })
  const parsed = Transaction.parse(signed)
  // A zero value is left out of the parsed transaction (its RLP field is empty), as in viem and ox.
  const same = (parsed.to ?? null)?.toLowerCase() === transaction.to?.toLowerCase()
    && (parsed.value ?? 0n) === transaction.value && parsed.chainId === transaction.chainId && parsed.nonce === transaction.nonce
    && parsed.gas === transaction.gas && parsed.maxFeePerGas === transaction.maxFeePerGas && (parsed.data ?? '0x') === transaction.data
  if (!same) throw new FrameError('The signed transaction does not match the one approved')
  return signed
}

/** Asks the visitor to approve one transaction (`title`: 'Send transaction', 'Sign transaction'); returns it signed. */
export async function approveTransaction(context: FrameContext, account: LocalAccount, chainId: number, params: TxParams, title: string, where: string): Promise<Hex> {
  const prepared = await prepareTransaction(context, chainId, account.address, params, where)
  const details = [{ label: 'From', value: account.address }, { label: 'Network', value: `Chain ${chainId}` }, ...prepared.details]
  if (!(await context.approval.ask({ title, intro: `${context.appOrigin} asks you to approve this transaction.`, details }))) throw rejected()
  return signPrepared(account, prepared)
}

/** The answer to a rejection in the approval window (EIP-1193 4001). */
export const rejected = () => new FrameError('The request was rejected in the wallet', '4001')
