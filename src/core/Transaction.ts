import { hexToBytes, type Hex } from './hex'
import { errorFromCode as rlpErrorFromCode } from './Rlp'
import { readText, u32Words, writeText } from './scratch'
import * as Errors from './TransactionErrors'
import { wasm } from './wasm'
import { wasmFailure } from './wasmError'

export * from './TransactionErrors'

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
}

const TYPES: readonly Type[] = ['legacy', 'eip2930', 'eip1559', 'eip4844']
/** Field order of the WASM text form (`crates/portico-wasm/src/tx_text.rs`). */
const FIELDS = [
  'type', 'chainId', 'nonce', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'maxFeePerBlobGas', 'gas',
  'to', 'value', 'data', 'accessList', 'blobVersionedHashes', 'v', 'r', 's', 'yParity',
] as const
const INTEGER_FIELDS = new Set(['chainId', 'nonce', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'maxFeePerBlobGas', 'gas', 'value', 'v', 'yParity'])
const ABSENT = 0xffffffff

/**
 * Validates and serializes a transaction; the bytes are those of viem's `serializeTransaction`.
 *
 * @example
 * Transaction.serialize({ chainId: 1, maxFeePerGas: 30_000_000_000n, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n })
 * // '0x02e20180808506fc23ac00809470997970c51812dc3a010c7d01b50e0d17dc79c80180c0'
 */
export function serialize(tx: Transaction): Hex {
  const [text, lens] = toText(tx)
  try {
    const length = wasm().tx_serialize_scratch(writeText(text), lens)
    return readText(wasm().scratch_output(), length) as Hex
  } catch (thrown) {
    throw fromWasm(thrown, tx)
  }
}

/**
 * Checks every rule of the transaction's type; throws the `Transaction.*Error` that names the
 * broken one.
 *
 * @example
 * Transaction.validate({ chainId: 0, maxFeePerGas: 1n }) // throws Transaction.InvalidChainIdError
 */
export function validate(tx: Transaction): void {
  const [text, lens] = toText(tx)
  try {
    wasm().tx_validate_scratch(writeText(text), lens)
  } catch (thrown) {
    throw fromWasm(thrown, tx)
  }
}

/**
 * The transaction's type: its `type`, or what its fee fields imply.
 *
 * @example
 * Transaction.getType({ gasPrice: 1n, accessList: [] }) // 'eip2930'
 */
export function getType(tx: Transaction): Type {
  const [text, lens] = toText(tx)
  try {
    return TYPES[wasm().tx_type_scratch(writeText(text), lens)]!
  } catch (thrown) {
    throw fromWasm(thrown, tx)
  }
}

/**
 * Parses a serialized transaction (canonical RLP only) into viem's shape, then validates it.
 *
 * @example
 * Transaction.parse('0x02dd0180808506fc23ac00809470997970c51812dc3a010c7d01b50e0d17dc79c80180c0')
 * // { type: 'eip1559', chainId: 1, nonce: 0, maxFeePerGas: 30000000000n, to: '0x7099…79c8', value: 1n }
 */
export function parse(serialized: Hex | Uint8Array): Transaction {
  const bytes = serialized instanceof Uint8Array ? serialized : hexToBytes(serialized)
  let line: string
  try {
    line = wasm().tx_parse(bytes)
  } catch (thrown) {
    throw fromWasm(thrown, undefined, bytes)
  }
  return fromLine(line)
}

function fromLine(line: string): Transaction {
  const f = line.split(',')
  const int = (i: number) => BigInt(`0x${f[i] || '0'}`)
  const type = TYPES[Number(f[0])]!
  const tx: Transaction = type === 'legacy' ? { type } : { chainId: Number(int(1)), type }
  if (f[8] || type === 'eip4844') tx.to = `0x${f[8]}`
  if (f[7]) tx.gas = int(7)
  if (f[10]) tx.data = `0x${f[10]}`
  tx.nonce = Number(int(2))
  if (f[9]) tx.value = int(9)
  if (type === 'legacy' || type === 'eip2930') {
    if (f[3]) tx.gasPrice = int(3)
  } else {
    if (f[5]) tx.maxPriorityFeePerGas = int(5)
    if (f[4] || tx.maxPriorityFeePerGas !== undefined) tx.maxFeePerGas = int(4)
  }
  if (f[11]) {
    tx.accessList = f[11].split(';').map((entry) => {
      const [address, ...keys] = entry.split(':')
      return { address: `0x${address}` as Hex, storageKeys: keys.map((k) => `0x${k}` as Hex) }
    })
  }
  if (type === 'eip4844') {
    if (f[6]) tx.maxFeePerBlobGas = int(6)
    tx.blobVersionedHashes = f[12] ? f[12].split(':').map((h) => `0x${h}` as Hex) : []
  }
  if (f[16]) {
    const yParity = Number(f[16])
    if (type === 'legacy') {
      if (f[1]) tx.chainId = Number(int(1))
      tx.v = int(13)
      tx.r = `0x${f[14]}`
      tx.s = `0x${f[15]}`
    } else {
      tx.r = `0x${f[14]!.padStart(64, '0')}`
      tx.s = `0x${f[15]!.padStart(64, '0')}`
      tx.v = yParity === 0 ? 27n : 28n
    }
    tx.yParity = yParity
  } else if (type === 'legacy' && f[1]) {
    tx.chainId = Number(int(1))
  }
  return tx
}

/** Lays the fields out for WASM: their texts end to end, and each one's length (see `FIELDS`). */
function toText(tx: Transaction): [string, Uint32Array] {
  if (typeof tx !== 'object' || tx === null) throw new Errors.InvalidFieldError('transaction', tx, 'an object')
  const unsupported = tx as { authorizationList?: unknown; blobs?: unknown; sidecars?: unknown }
  for (const key of ['authorizationList', 'blobs', 'sidecars'] as const) {
    if (unsupported[key] !== undefined) throw new Errors.UnsupportedFieldError(key)
  }
  let text = ''
  const lens: number[] = []
  const put = (part: string) => {
    text += part
    lens.push(part.length)
  }
  const hex = (field: string, value: unknown) => {
    if (typeof value !== 'string') throw new Errors.InvalidFieldError(field, value, 'a 0x-prefixed hex string')
    put(value)
  }
  for (const field of FIELDS) {
    const value = tx[field]
    if (value === undefined || (field === 'to' && value === null)) {
      lens.push(ABSENT)
      continue
    }
    if (field === 'type') {
      const index = TYPES.indexOf(value as Type)
      if (index < 0) throw new Errors.InvalidTypeError(value)
      put(String(index))
    } else if (INTEGER_FIELDS.has(field)) {
      put(integer(field, value))
    } else if (field === 'accessList') {
      if (!Array.isArray(value)) throw new Errors.InvalidFieldError(field, value, 'an array of { address, storageKeys }')
      lens.push(value.length)
      for (const entry of value as AccessList) {
        hex('accessList.address', entry?.address)
        if (!Array.isArray(entry.storageKeys)) throw new Errors.InvalidFieldError('accessList.storageKeys', entry.storageKeys, 'an array')
        lens.push(entry.storageKeys.length)
        for (const key of entry.storageKeys) hex('accessList.storageKeys', key)
      }
    } else if (field === 'blobVersionedHashes') {
      if (!Array.isArray(value)) throw new Errors.InvalidFieldError(field, value, 'an array of hashes')
      lens.push(value.length)
      for (const hash of value) hex(field, hash)
    } else {
      hex(field, value)
    }
  }
  return [text, u32Words(lens)]
}

function integer(field: string, value: unknown): string {
  const ok = typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value))
  if (!ok || (value as number | bigint) < 0) {
    if (field === 'chainId') throw new Errors.InvalidChainIdError(value)
    throw new Errors.InvalidFieldError(field, value, 'a non-negative integer (bigint, or number for chainId and nonce)')
  }
  return (value as number | bigint).toString(16)
}

/** Maps a WASM failure to its error class, with the offending value when the input is known. */
function fromWasm(thrown: unknown, tx: Transaction | undefined, bytes?: Uint8Array): Error {
  const { code, field: index, item } = wasmFailure(thrown)
  const field = FIELDS[index] ?? 'type'
  const value = tx ? (tx as Record<string, unknown>)[field] : undefined
  const type = tx ? safeType(tx) : 'serialized'
  const entry = tx?.accessList?.[item]
  switch (code) {
    case 200: return new Errors.InvalidChainIdError(tx ? tx.chainId : 0)
    case 201: return new Errors.InvalidAddressError(field === 'accessList' ? entry?.address : tx?.to, field)
    case 202: return new Errors.FeeCapTooHighError(tx?.maxFeePerGas)
    case 203: return new Errors.TipAboveFeeCapError(tx?.maxPriorityFeePerGas, tx?.maxFeePerGas)
    case 204: return new Errors.InvalidStorageKeySizeError(entry?.storageKeys.find((k) => k.length !== 66))
    case 205: return new Errors.InvalidLegacyVError(tx?.v)
    case 206: return new Errors.FeeFieldsNotAllowedError(type, field)
    case 207: return new Errors.EmptyBlobHashesError()
    case 208: return new Errors.InvalidBlobHashSizeError(tx?.blobVersionedHashes?.[item])
    case 209: return new Errors.InvalidBlobHashVersionError(tx?.blobVersionedHashes?.[item])
    case 210: return new Errors.CannotInferTypeError()
    case 211: return tx ? new Errors.InvalidTypeError(tx.type) : new Errors.InvalidSerializedTypeError(bytes?.[0])
    case 212: return new Errors.InvalidFieldCountError(bytes ? serializedType(bytes[0]) : type)
    case 213: return new Errors.InvalidYParityError(tx ? (tx.yParity ?? tx.v) : 'in the serialized transaction')
    case 214: return new Errors.IncompleteSignatureError(field)
    case 215: return new Errors.FeeCapTooHighError(tx?.gasPrice, 'gasPrice')
    case 216: return new Errors.MissingToError()
    case 111: return new Errors.InvalidFieldError(field, 'an integer with leading zeros', 'a canonical integer')
    case 112: return new Errors.InvalidFieldError(field, value ?? 'a longer integer', field === 'nonce' || field === 'chainId' ? 'an integer below 2^64' : 'an integer below 2^256')
    case 109: return new Errors.InvalidFieldError(field, 'a list', 'a byte string')
    case 110: return new Errors.InvalidFieldError(field, 'a byte string', 'a list')
    case 700: return new Errors.InvalidFieldError(field, field === 'accessList' ? entry : value, 'hex bytes (0x and an even number of hex digits)')
  }
  return rlpErrorFromCode(code, item) ?? new Errors.TransactionError(`Transaction failed with code ${code}.`, field)
}

function safeType(tx: Transaction): string {
  if (tx.type) return tx.type
  return tx.gasPrice !== undefined && tx.accessList !== undefined ? 'eip2930' : 'legacy'
}

function serializedType(first: number | undefined): string {
  return first === 1 ? 'eip2930' : first === 2 ? 'eip1559' : first === 3 ? 'eip4844' : 'legacy'
}
