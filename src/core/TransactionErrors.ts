import { BaseError } from './BaseError'
import { show } from './show'

/** Any transaction that Portico refuses to serialize, parse or sign. */
export class TransactionError extends BaseError {
  override name = 'Transaction.TransactionError'
  /** The field the error is about (viem's name for it). */
  readonly field: string | undefined
  constructor(shortMessage: string, field?: string) {
    super(shortMessage)
    this.field = field
  }
}

export class InvalidChainIdError extends TransactionError {
  override name = 'Transaction.InvalidChainIdError'
  constructor(chainId: unknown) {
    super(
      chainId === undefined
        ? 'Chain id is missing: typed transactions need a positive integer chainId.'
        : `Chain id ${show(chainId)} is invalid: it must be a positive integer.`,
      'chainId',
    )
  }
}

export class InvalidAddressError extends TransactionError {
  override name = 'Transaction.InvalidAddressError'
  constructor(address: unknown, field = 'to') {
    super(`Address "${show(address)}" in ${field} is invalid: it must be 0x and 40 hex digits, and mixed case must match its EIP-55 checksum.`, field)
  }
}

export class FeeCapTooHighError extends TransactionError {
  override name = 'Transaction.FeeCapTooHighError'
  constructor(value: unknown, field = 'maxFeePerGas') {
    super(`${field} (${show(value)} wei) cannot be higher than 2^256-1.`, field)
  }
}

export class TipAboveFeeCapError extends TransactionError {
  override name = 'Transaction.TipAboveFeeCapError'
  constructor(tip: unknown, cap: unknown) {
    super(`maxPriorityFeePerGas (${show(tip)} wei) cannot be higher than maxFeePerGas (${show(cap)} wei).`, 'maxPriorityFeePerGas')
  }
}

export class InvalidStorageKeySizeError extends TransactionError {
  override name = 'Transaction.InvalidStorageKeySizeError'
  constructor(key: unknown, entry = 0) {
    super(`Storage key "${show(key)}" in accessList[${entry}] is invalid: access-list storage keys are 32 bytes (0x and 64 hex digits).`, 'accessList')
  }
}

export class InvalidAccessListEntryError extends TransactionError {
  override name = 'Transaction.InvalidAccessListEntryError'
  constructor(entry: number, items: number | undefined, value: unknown) {
    const what = items === undefined ? `(${show(value)})` : `has ${items} item${items === 1 ? '' : 's'} (${show(value)})`
    super(`Access-list entry ${entry} ${what}: an entry must be a list of exactly two items, an address and a list of storage keys.`, 'accessList')
  }
}

export class IntegerOutOfRangeError extends TransactionError {
  override name = 'Transaction.IntegerOutOfRangeError'
  constructor(field: string, value: bigint) {
    super(`Transaction field ${field} is ${value}, above Number.MAX_SAFE_INTEGER (2^53 - 1): ${field} is returned as a number, so it must be a safe integer.`, field)
  }
}

export class InvalidLegacyVError extends TransactionError {
  override name = 'Transaction.InvalidLegacyVError'
  constructor(v: unknown) {
    super(`Legacy signature v ${show(v)} is invalid: it must be 27, 28, or chainId * 2 + 35 or 36 (EIP-155).`, 'v')
  }
}

export class FeeFieldsNotAllowedError extends TransactionError {
  override name = 'Transaction.FeeFieldsNotAllowedError'
  constructor(type: string, field: string) {
    super(`${field} is not a field of ${type} transactions: use gasPrice, or an EIP-1559 transaction.`, field)
  }
}

export class EmptyBlobHashesError extends TransactionError {
  override name = 'Transaction.EmptyBlobHashesError'
  constructor() {
    super('A blob transaction needs at least one blob versioned hash.', 'blobVersionedHashes')
  }
}

export class InvalidBlobHashSizeError extends TransactionError {
  override name = 'Transaction.InvalidBlobHashSizeError'
  constructor(hash: unknown) {
    super(`Blob versioned hash "${show(hash)}" is invalid: it must be 32 bytes.`, 'blobVersionedHashes')
  }
}

export class InvalidBlobHashVersionError extends TransactionError {
  override name = 'Transaction.InvalidBlobHashVersionError'
  constructor(hash: unknown) {
    super(`Blob versioned hash "${show(hash)}" has an unknown version: the first byte must be 0x01.`, 'blobVersionedHashes')
  }
}

export class CannotInferTypeError extends TransactionError {
  override name = 'Transaction.CannotInferTypeError'
  constructor() {
    super('Cannot tell the transaction type: set `type`, or the fees of one type (gasPrice; maxFeePerGas/maxPriorityFeePerGas; maxFeePerBlobGas).', 'type')
  }
}

export class InvalidTypeError extends TransactionError {
  override name = 'Transaction.InvalidTypeError'
  constructor(type: unknown) {
    super(`Transaction type ${JSON.stringify(type)} is not supported: use 'legacy', 'eip2930', 'eip1559' or 'eip4844'.`, 'type')
  }
}

export class InvalidSerializedTypeError extends TransactionError {
  override name = 'Transaction.InvalidSerializedTypeError'
  constructor(firstByte: number | undefined) {
    super(
      `Serialized transaction starts with ${firstByte === undefined ? 'nothing' : `0x${firstByte.toString(16).padStart(2, '0')}`}: expected a legacy RLP list or type 0x01, 0x02 or 0x03.`,
      'type',
    )
  }
}

export class InvalidFieldCountError extends TransactionError {
  override name = 'Transaction.InvalidFieldCountError'
  constructor(type: string) {
    super(`Serialized ${type} transaction has the wrong number of fields (blob sidecar wrappers are not supported).`, 'type')
  }
}

export class InvalidYParityError extends TransactionError {
  override name = 'Transaction.InvalidYParityError'
  constructor(value: unknown) {
    super(`Signature y parity ${show(value)} is invalid: it must be 0 or 1 (or v 27/28).`, 'yParity')
  }
}

export class IncompleteSignatureError extends TransactionError {
  override name = 'Transaction.IncompleteSignatureError'
  constructor(missing: string) {
    super(`Signature is incomplete: ${missing} is missing (r, s and v or yParity go together).`, missing)
  }
}

export class MissingToError extends TransactionError {
  override name = 'Transaction.MissingToError'
  constructor() {
    super('A blob transaction needs a recipient: `to` is missing.', 'to')
  }
}

export class InvalidFieldError extends TransactionError {
  override name = 'Transaction.InvalidFieldError'
  constructor(field: string, value: unknown, expected: string) {
    const shown = typeof value === 'bigint' ? `${value}n` : JSON.stringify(value) ?? show(value)
    super(`Transaction field ${field} is invalid: got ${shown.slice(0, 80)}, expected ${expected}.`, field)
  }
}

export class UnsupportedFieldError extends TransactionError {
  override name = 'Transaction.UnsupportedFieldError'
  constructor(field: string) {
    super(`Transaction field ${field} is not supported yet (EIP-7702 authorizations and blob sidecars are not).`, field)
  }
}

/** A value for a message: strings quoted, everything else as `show` gives it, 80 characters at most. */
function quote(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(show(value, 78))
  if (typeof value === 'bigint') return show(`${value}n`, 80)
  if (typeof value === 'object' && value !== null) {
    try {
      const json = JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))
      if (json !== undefined) return show(json, 80)
    } catch {
      // a cycle or a throwing toJSON: fall back to show
    }
  }
  return show(value, 80)
}

const NETWORK_FORMS = 'expected [transaction, blobs, commitments, proofs] (EIP-4844) or [transaction, 1, blobs, commitments, cell proofs] (EIP-7594)'

export class InvalidNetworkWrapperError extends TransactionError {
  override name = 'Transaction.InvalidNetworkWrapperError'
  constructor(found: string) {
    super(`Serialized eip4844 transaction in network form is ${found}: ${NETWORK_FORMS}.`, 'sidecars')
  }
}

export class InvalidBlobSizeError extends TransactionError {
  override name = 'Transaction.InvalidBlobSizeError'
  constructor(index: number, size: number | undefined) {
    super(`Blob ${index} ${size === undefined ? 'is a list' : `is ${size} bytes`}: a blob is exactly 131072 bytes.`, 'sidecars')
  }
}

export class TooManyBlobsError extends TransactionError {
  override name = 'Transaction.TooManyBlobsError'
  constructor(count: number) {
    super(`The transaction carries ${count} blobs: one transaction carries at most 6.`, 'sidecars')
  }
}

export class InvalidKzgSizeError extends TransactionError {
  override name = 'Transaction.InvalidKzgSizeError'
  constructor(kind: 'commitment' | 'proof' | 'cell proof', index: number, size: number | undefined) {
    super(`KZG ${kind} ${index} ${size === undefined ? 'is a list' : `is ${size} bytes`}: it must be 48 bytes.`, 'sidecars')
  }
}

export class SidecarCountMismatchError extends TransactionError {
  override name = 'Transaction.SidecarCountMismatchError'
  constructor(blobs: number, what: string, count: number, expected: number) {
    super(`The transaction carries ${blobs} blob${blobs === 1 ? '' : 's'} but ${count} ${what}: it needs ${expected}.`, 'sidecars')
  }
}
