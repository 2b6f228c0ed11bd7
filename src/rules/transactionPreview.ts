import type { Hex } from '../core/hex'
import type { SendCall, SendClient, SendPreview } from '../controllers/SendController'

/** A transaction ready for the wallet, with what the preview shows of it. */
export type PreviewedTransaction = {
  transaction: SendPreview['transaction']
  /** The EIP-1559 serialization from `portico/core`: proof that the transaction is well formed. */
  serialized: Hex
  /** The most the fee can cost: gas limit × max fee per gas, in wei. */
  maxFee: bigint
}

/**
 * Builds the exact transaction for a call, as the Send preview does: the node's nonce, gas limit
 * and EIP-1559 fee caps, then validated and serialized by the WASM core
 * (`Transaction.serialize`, which checks every rule first). The node's refusals (a revert, too little balance)
 * come back as readable errors before the wallet is asked.
 *
 * @example
 * const { transaction, serialized } = await previewTransaction(client, { from, to: pool, value: 0n, data, chainId: 31337 })
 */
export async function previewTransaction(client: SendClient, call: SendCall): Promise<PreviewedTransaction> {
  const fees = await client.prepare(call)
  const transaction: SendPreview['transaction'] = {
    type: 'eip1559', chainId: call.chainId, nonce: fees.nonce, gas: fees.gas,
    maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    to: call.to, value: call.value, data: call.data ?? '0x', accessList: [],
  }
  const { init, Transaction } = await import('../core/index')
  await init()
  // `serialize` checks every rule of the type first, as `validate` does.
  return { transaction, serialized: Transaction.serialize(transaction), maxFee: fees.gas * fees.maxFeePerGas }
}
