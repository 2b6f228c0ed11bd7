import type { Hex } from './hex'
import { readHex } from './readHex'
import * as Errors from './TransactionErrors'
import type { Transaction, Type } from './TransactionTypes'
import { readNetworkForm } from './TransactionNetwork'
import * as Wire from './TransactionWire'
import { evm } from './wasmEvm'
import { fromFailure } from './TransactionFailure'
import { lastFailure, wasmFailure } from './wasmError'

export * from './TransactionErrors'

export type { AccessList, Sidecar, Transaction, Type } from './TransactionTypes'

const TYPES: readonly Type[] = Wire.TYPES

/**
 * Validates and serializes a transaction; the bytes are those of viem's `serializeTransaction`.
 *
 * @example
 * Transaction.serialize({ chainId: 1, maxFeePerGas: 30_000_000_000n, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n })
 * // '0x02e20180808506fc23ac00809470997970c51812dc3a010c7d01b50e0d17dc79c80180c0'
 */
export function serialize(tx: Transaction): Hex {
  const hexLength = evm.exports().tx_serialize_scratch(Wire.write(tx))
  if (hexLength === 0) throw fromFailure(lastFailure(evm), tx)
  return evm.scratch.readText(evm.scratch.output(), hexLength) as Hex
}

/**
 * Checks every rule of the transaction's type; throws the `Transaction.*Error` that names the
 * broken one.
 *
 * @example
 * Transaction.validate({ chainId: 0, maxFeePerGas: 1n }) // throws Transaction.InvalidChainIdError
 */
export function validate(tx: Transaction): void {
  const length = Wire.write(tx)
  try {
    evm.exports().tx_validate_scratch(length)
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
  const length = Wire.write(tx)
  try {
    return TYPES[evm.exports().tx_type_scratch(length)]!
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
  const input = serialized instanceof Uint8Array ? serialized : readHex(serialized)
  // A blob transaction in its network form: the transaction is parsed on its own, the sidecar kept.
  const network = readNetworkForm(input)
  const bytes = network ? network.transaction : input
  evm.scratch.writeInput(bytes)
  const tapeLength = evm.exports().tx_parse_scratch(bytes.length)
  if (tapeLength === 0) throw fromFailure(lastFailure(evm), undefined, bytes)
  const tx = toViemShape(Wire.read(tapeLength))
  if (network) {
    const hashes = tx.blobVersionedHashes?.length ?? 0
    if (hashes !== network.sidecars.length) throw new Errors.SidecarCountMismatchError(network.sidecars.length, 'blob versioned hashes', hashes, network.sidecars.length)
    tx.sidecars = network.sidecars
  }
  return tx
}

/** viem's `parseTransaction` shape: zero integers and empty data left out, as viem does. */
function toViemShape(f: Wire.Parsed): Transaction {
  const type = TYPES[f.type as number]!
  const set = (v: unknown) => v !== undefined && v !== 0n && v !== '0x'
  const tx: Transaction = type === 'legacy' ? { type } : { chainId: f.chainId as number, type }
  if (f.to !== undefined) tx.to = f.to as Hex
  if (set(f.gas)) tx.gas = f.gas as bigint
  if (set(f.data)) tx.data = f.data as Hex
  tx.nonce = f.nonce as number
  if (set(f.value)) tx.value = f.value as bigint
  if (type === 'legacy' || type === 'eip2930') {
    if (set(f.gasPrice)) tx.gasPrice = f.gasPrice as bigint
  } else {
    if (set(f.maxPriorityFeePerGas)) tx.maxPriorityFeePerGas = f.maxPriorityFeePerGas as bigint
    if (set(f.maxFeePerGas) || tx.maxPriorityFeePerGas !== undefined) tx.maxFeePerGas = f.maxFeePerGas as bigint
  }
  const accessList = f.accessList as Transaction['accessList']
  if (accessList && accessList.length > 0) tx.accessList = accessList
  if (type === 'eip4844') {
    if (set(f.maxFeePerBlobGas)) tx.maxFeePerBlobGas = f.maxFeePerBlobGas as bigint
    tx.blobVersionedHashes = (f.blobVersionedHashes as Hex[] | undefined) ?? []
  }
  if (type === 'legacy' && f.chainId !== undefined) tx.chainId = f.chainId as number
  if (f.yParity !== undefined) {
    const yParity = f.yParity as number
    if (type === 'legacy') {
      tx.v = f.v as bigint
      tx.r = f.r as Hex
      tx.s = f.s as Hex
    } else {
      tx.r = `0x${(f.r as Hex).slice(2).padStart(64, '0')}`
      tx.s = `0x${(f.s as Hex).slice(2).padStart(64, '0')}`
      tx.v = yParity === 0 ? 27n : 28n
    }
    tx.yParity = yParity
  }
  return tx
}

/** The error class for a WASM failure of a call on `tx`. */
function fromWasm(thrown: unknown, tx: Transaction): Error {
  return fromFailure(wasmFailure(evm, thrown), tx)
}
