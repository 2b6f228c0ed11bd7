/**
 * Turns a WASM failure of a transaction call into its `Transaction.*Error`, naming the offending
 * value: the caller's, or the bytes of the serialized input that WASM pointed at.
 */
import { bytesToHex } from './hex'
import * as Rlp from './Rlp'
import type { Transaction } from './TransactionTypes'
import * as Errors from './TransactionErrors'
import { fields } from './TransactionWire'
import type { WasmFailure } from './wasmError'

type Context = {
  tx: Transaction | undefined
  field: string
  item: number
  /** The offending value of a parsed input: its bytes, as hex, and as an integer. */
  span: Uint8Array | undefined
  spanHex: string | undefined
  spanInt: bigint | undefined
  /** The caller's value of `field`, or the span's hex when parsing. */
  value: unknown
  type: string
}

const entry = (c: Context) => c.tx?.accessList?.[c.item]

/** One constructor per Rust error variant a transaction call can fail with. */
const BY_NAME: Readonly<Record<string, (c: Context) => Errors.TransactionError>> = {
  TxInvalidChainId: (c) => new Errors.InvalidChainIdError(c.tx ? c.tx.chainId : 0),
  TxInvalidAddress: (c) =>
    new Errors.InvalidAddressError(
      c.tx ? (c.field === 'accessList' ? entry(c)?.address : c.tx.to) : c.spanHex,
      c.field === 'accessList' ? `accessList[${c.item}]` : c.field,
    ),
  TxFeeCapTooHigh: (c) => new Errors.FeeCapTooHighError(c.tx?.maxFeePerGas ?? c.spanInt),
  TxTipAboveFeeCap: (c) => new Errors.TipAboveFeeCapError(c.tx?.maxPriorityFeePerGas, c.tx?.maxFeePerGas),
  TxInvalidStorageKeySize: (c) =>
    new Errors.InvalidStorageKeySizeError(c.tx ? entry(c)?.storageKeys.find((k) => typeof k !== 'string' || k.length !== 66) : c.spanHex, c.item),
  TxInvalidLegacyV: (c) => new Errors.InvalidLegacyVError(c.tx ? c.tx.v : c.spanInt),
  TxFeeFieldsNotAllowed: (c) => new Errors.FeeFieldsNotAllowedError(c.type, c.field),
  TxEmptyBlobHashes: () => new Errors.EmptyBlobHashesError(),
  TxInvalidBlobHashSize: (c) => new Errors.InvalidBlobHashSizeError(c.tx ? c.tx.blobVersionedHashes?.[c.item] : c.spanHex),
  TxInvalidBlobHashVersion: (c) => new Errors.InvalidBlobHashVersionError(c.tx ? c.tx.blobVersionedHashes?.[c.item] : c.spanHex),
  TxCannotInferType: () => new Errors.CannotInferTypeError(),
  TxInvalidSerializedType: (c) => (c.tx ? new Errors.InvalidTypeError(c.tx.type) : new Errors.InvalidSerializedTypeError(c.span?.[0])),
  TxInvalidFieldCount: (c) => new Errors.InvalidFieldCountError(c.type),
  TxInvalidYParity: (c) => new Errors.InvalidYParityError(c.tx ? (c.tx.yParity ?? c.tx.v) : c.spanInt),
  TxIncompleteSignature: (c) => new Errors.IncompleteSignatureError(c.field),
  TxGasPriceTooHigh: (c) => new Errors.FeeCapTooHighError(c.tx?.gasPrice, 'gasPrice'),
  TxMissingTo: () => new Errors.MissingToError(),
  TxInvalidAccessListEntry: (c) => new Errors.InvalidAccessListEntryError(c.item, c.span ? itemCount(c.span) : undefined, c.spanHex),
  RlpIntegerLeadingZero: (c) => new Errors.InvalidFieldError(c.field, c.spanHex ?? 'an integer with leading zeros', 'a canonical integer (no leading zero bytes)'),
  RlpIntegerOverflow: (c) =>
    new Errors.InvalidFieldError(c.field, c.value ?? 'a longer integer', c.field === 'nonce' || c.field === 'chainId' ? 'an integer below 2^64' : 'an integer below 2^256'),
  RlpUnexpectedList: (c) => new Errors.InvalidFieldError(c.field, 'a list', 'a byte string'),
  RlpUnexpectedString: (c) => new Errors.InvalidFieldError(c.field, 'a byte string', 'a list'),
  HexInvalid: (c) => new Errors.InvalidFieldError(c.field, c.field === 'accessList' ? entry(c) : c.value, 'hex bytes (0x and an even number of hex digits)'),
}

/** Whether a transaction call maps this Rust error variant to an error class of its own. */
export function handles(name: string): boolean {
  return name in BY_NAME
}

/**
 * The error for `failure`, raised by a call on `tx` (serialize, validate, getType) or on the
 * serialized `bytes` (parse). RLP framing errors become `Rlp.*Error`s.
 */
export function fromFailure(failure: WasmFailure, tx: Transaction | undefined, bytes?: Uint8Array): Error {
  const field = fields()[failure.field]?.name ?? 'type'
  const span = bytes && (failure.at > 0 || failure.len > 0) ? bytes.subarray(failure.at, failure.at + failure.len) : undefined
  const spanHex = span && bytesToHex(span)
  const context: Context = {
    tx,
    field,
    item: failure.item,
    span: span ?? (bytes && failure.name === 'TxInvalidSerializedType' ? bytes.subarray(0, 1) : undefined),
    spanHex,
    spanInt: span && (span.length > 0 ? BigInt(bytesToHex(span)) : 0n),
    value: tx ? (tx as Record<string, unknown>)[field] : spanHex,
    type: tx ? typeOf(tx) : serializedType(bytes?.[0]),
  }
  const make = BY_NAME[failure.name]
  if (make) return make(context)
  return Rlp.errorFromFailure(failure) ?? new Errors.TransactionError(`Transaction failed: ${failure.name}.`, field)
}

/** How many items the RLP list in `span` holds (for the access-list entry error). */
function itemCount(span: Uint8Array): number | undefined {
  try {
    const value = Rlp.decode(span)
    return Array.isArray(value) ? value.length : undefined
  } catch {
    return undefined
  }
}

function typeOf(tx: Transaction): string {
  if (tx.type) return tx.type
  return tx.gasPrice !== undefined && tx.accessList !== undefined ? 'eip2930' : 'legacy'
}

function serializedType(first: number | undefined): string {
  return first === 1 ? 'eip2930' : first === 2 ? 'eip1559' : first === 3 ? 'eip4844' : 'legacy'
}
