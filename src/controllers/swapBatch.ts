import type { Hex } from '../core/hex'
import type { GasPayer, SendClient } from '../connectors/SendClient'
import type { SwapApi } from '../services/featureClients'

/** One call of a swap's batch, as the wallet is asked to send it. */
export type SwapBatchCall = { to: Hex; value: bigint; data: Hex }

/**
 * A smart account's swap, shown before the wallet is asked: the approval (when the allowance is
 * short) and the swap as one atomic batch, and who pays its gas.
 */
export type SwapBatchPreview = {
  kind: 'batch'
  from: Hex
  chainId: number
  /** The approval first when `approves`, then the swap. */
  calls: SwapBatchCall[]
  approves: boolean
  /** Sponsored, or the account with the most the batch can cost (wei); undefined when the wallet cannot say. */
  gasPayer: GasPayer | undefined
  amountIn: bigint
  minimumOut: bigint
}

/** What building a swap's batch needs: the convert API's parameters and the quote's figures. */
export type SwapBatchRequest = {
  params: { caipNetworkId: string; amount: string; userAddress: string; from: string; to: string }
  slippage: string
  approves: boolean
  from: Hex
  chainId: number
  amountIn: bigint
  minimumOut: bigint
}

/** Whether the wallet sends a swap as one atomic batch: a smart account whose wallet speaks EIP-5792. */
export function swapsAsBatch(wallet: SendClient, accountType: string | undefined): boolean {
  return accountType === 'smartAccount' && !!wallet.sendCalls && !!wallet.waitForCalls
}

/**
 * Builds a smart account's swap: the approval and the swap calls from the convert API, and who
 * pays the batch's gas (the wallet asks its paymaster for the two calls together, so a swap that
 * only works after its approval is estimated as it will run).
 *
 * @example
 * const preview = await buildSwapBatch(api, wallet, { params, slippage: '1', approves: true, from, chainId: 31337, amountIn, minimumOut })
 * preview.calls.length // 2: approve, then swap
 */
export async function buildSwapBatch(api: SwapApi, wallet: SendClient, request: SwapBatchRequest): Promise<SwapBatchPreview> {
  const [approval, built] = await Promise.all([
    request.approves ? api.generateApproveCalldata(request.params) : undefined,
    api.generateSwapCalldata({ ...request.params, slippage: request.slippage }),
  ])
  const calls: SwapBatchCall[] = [
    ...(approval ? [{ to: approval.tx.to as Hex, data: approval.tx.data as Hex, value: BigInt(approval.tx.value) }] : []),
    { to: built.tx.to as Hex, data: built.tx.data as Hex, value: BigInt(built.tx.amount) },
  ]
  const gasPayer = await wallet.gasPayer?.(calls.map((call) => ({ ...call, from: request.from, chainId: request.chainId })))
  return {
    kind: 'batch', from: request.from, chainId: request.chainId, calls, approves: request.approves, gasPayer,
    amountIn: request.amountIn,
    // What the built swap enforces on chain (the pools' price may have moved since the quote).
    minimumOut: built.minOutput ? BigInt(built.minOutput) : request.minimumOut,
  }
}
