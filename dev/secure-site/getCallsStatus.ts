import { type Hex, numberToHex } from 'viem'
import { CallBatches, type CallBatch } from './CallBatches'
import { rpc, rpcUrl } from './chainRpc'
import { type FrameContext, FrameError } from './FrameHandler'
import { CALLS_VERSION, CallsError } from './sendCalls'

type RpcReceipt = { logs: { address: Hex; data: Hex; topics: Hex[] }[]; status: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; transactionHash: Hex }

/** EIP-5792's receipt: the node's, cut to the fields the standard names. */
export type CallsReceipt = Pick<RpcReceipt, 'status' | 'blockHash' | 'blockNumber' | 'gasUsed' | 'transactionHash'> & { logs: RpcReceipt['logs'] }

/**
 * EIP-5792's status code of a batch sent one transaction per call: 100 while a sent call is not
 * mined yet; 200 when every call is mined without a revert; 500 when nothing of it took effect
 * (all reverted); 600 when some calls took effect and others reverted or were never sent.
 */
export function batchStatus(batch: Pick<CallBatch, 'calls' | 'hashes'>, receipts: readonly Pick<CallsReceipt, 'status'>[]): 100 | 200 | 500 | 600 {
  if (receipts.length < batch.hashes.length) return 100
  const succeeded = receipts.filter((receipt) => receipt.status === '0x1').length
  if (succeeded === batch.calls) return 200
  return succeeded === 0 ? 500 : 600
}

/**
 * `wallet_getCallsStatus` (EIP-5792) for a batch this device sent for the signed-in account:
 * its status, and the receipts of the calls mined so far, read from the chain.
 */
export async function getCallsStatus(context: FrameContext, params: readonly unknown[], account: string) {
  const [id] = params
  if (typeof id !== 'string' || id.length === 0 || id.length > 4096) throw new FrameError('wallet_getCallsStatus: expected the id that wallet_sendCalls returned', '-32602')
  const batch = CallBatches.find(id, account)
  if (!batch) throw new FrameError(`wallet_getCallsStatus: unknown batch id ${JSON.stringify(id).slice(0, 80)}`, CallsError.unknownId)
  const url = rpcUrl(context, batch.chainId)
  const found = await Promise.all(batch.hashes.map((hash) => rpc(url, 'eth_getTransactionReceipt', [hash]) as Promise<RpcReceipt | null>))
  // Receipts in call order, up to the first one not mined yet.
  const mined = found.findIndex((receipt) => receipt === null)
  const receipts: CallsReceipt[] = (mined === -1 ? found : found.slice(0, mined)).map((receipt) => ({
    logs: receipt!.logs.map(({ address, data, topics }) => ({ address, data, topics })),
    status: receipt!.status, blockHash: receipt!.blockHash, blockNumber: receipt!.blockNumber, gasUsed: receipt!.gasUsed, transactionHash: receipt!.transactionHash,
  }))
  return { version: CALLS_VERSION, id: batch.id, chainId: numberToHex(batch.chainId), status: batchStatus(batch, receipts), atomic: false, receipts }
}
