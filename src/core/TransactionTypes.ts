import type { Hex } from './hex'

export type Type = 'legacy' | 'eip2930' | 'eip1559' | 'eip4844'
export type AccessList = readonly { address: Hex; storageKeys: readonly Hex[] }[]

/** A transaction, with viem's field names and types (`TransactionSerializable`). */
export type Transaction = {
  type?: Type | undefined
  chainId?: number | undefined
  nonce?: number | undefined
  to?: Hex | null | undefined
  value?: bigint | undefined
  gas?: bigint | undefined
  gasPrice?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
  maxFeePerBlobGas?: bigint | undefined
  data?: Hex | undefined
  accessList?: AccessList | undefined
  blobVersionedHashes?: readonly Hex[] | undefined
  v?: bigint | undefined
  r?: Hex | undefined
  s?: Hex | undefined
  yParity?: number | undefined
  /**
   * What `parse` read from a blob transaction in its network form (the transaction with its
   * blobs, as `eth_sendRawTransaction` takes it): one entry per blob. `serialize` takes none.
   */
  sidecars?: readonly Sidecar[] | undefined
}

/**
 * A blob with its KZG commitment, and its proof (EIP-4844's network form, viem's shape) or its
 * 128 cell proofs (EIP-7594's, PeerDAS).
 */
export type Sidecar =
  | { blob: Hex; commitment: Hex; proof: Hex; cellProofs?: undefined }
  | { blob: Hex; commitment: Hex; cellProofs: readonly Hex[]; proof?: undefined }
