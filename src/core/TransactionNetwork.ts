/**
 * The network form of a blob transaction: the signed transaction with its sidecar, as
 * `eth_sendRawTransaction` takes it and the mempool gossips it.
 * - EIP-4844: `0x03 || rlp([tx, blobs, commitments, proofs])`, one proof per blob;
 * - EIP-7594 (PeerDAS): `0x03 || rlp([tx, 1, blobs, commitments, cell_proofs])`, 128 cell
 *   proofs per blob.
 * The RLP is decoded (and its canonical form checked) in WASM; this checks the sidecar's shape:
 * sizes, counts, at most six blobs. KZG proofs are not verified: that is the node's work.
 */
import { bytesToHex } from './hex'
import * as Rlp from './Rlp'
import * as Errors from './TransactionErrors'
import type { Sidecar } from './TransactionTypes'

export const BYTES_PER_BLOB = 131_072
export const KZG_BYTES = 48
export const CELLS_PER_EXT_BLOB = 128
export const MAX_BLOBS_PER_TRANSACTION = 6

/** A network form's parts: the transaction as `0x03 || rlp(tx)`, and a sidecar per blob. */
export type NetworkForm = { transaction: Uint8Array; sidecars: Sidecar[] }

/**
 * Reads `bytes` as a blob transaction in its network form; `undefined` when it is not one (not
 * type 3, or a plain transaction, whose first item is not a list), for the parser to read.
 * Throws the `Transaction.*Error` (or `Rlp.*Error`) that names what is wrong with the sidecar.
 */
export function readNetworkForm(bytes: Uint8Array): NetworkForm | undefined {
  if (bytes.length < 3 || bytes[0] !== 3 || bytes[1]! < 0xc0) return undefined
  // The first item of the outer list sits after its header: a list there means a wrapper.
  const header = bytes[1]! <= 0xf7 ? 1 : 1 + bytes[1]! - 0xf7
  if ((bytes[1 + header] ?? 0) < 0xc0) return undefined
  const parts = Rlp.decode(bytes.subarray(1)) as Rlp.Value[]
  let first = 1
  let cells = false
  if (parts.length === 5) {
    const version = parts[1]
    if (!(version instanceof Uint8Array) || version.length !== 1 || version[0] !== 1) {
      throw new Errors.InvalidNetworkWrapperError(`a 5-item list whose second item is ${version instanceof Uint8Array ? bytesToHex(version) : 'a list'}, not the version 0x01`)
    }
    first = 2
    cells = true
  } else if (parts.length !== 4) {
    throw new Errors.InvalidNetworkWrapperError(`a ${parts.length}-item list`)
  }
  const blobs = strings(parts[first]!, 'blobs', (i, size) => (size === BYTES_PER_BLOB ? undefined : new Errors.InvalidBlobSizeError(i, size)))
  if (blobs.length > MAX_BLOBS_PER_TRANSACTION) throw new Errors.TooManyBlobsError(blobs.length)
  const commitments = strings(parts[first + 1]!, 'commitments', (i, size) => (size === KZG_BYTES ? undefined : new Errors.InvalidKzgSizeError('commitment', i, size)))
  if (commitments.length !== blobs.length) throw new Errors.SidecarCountMismatchError(blobs.length, 'commitments', commitments.length, blobs.length)
  const kind = cells ? 'cell proof' : 'proof'
  const proofs = strings(parts[first + 2]!, `${kind}s`, (i, size) => (size === KZG_BYTES ? undefined : new Errors.InvalidKzgSizeError(kind, i, size)))
  const perBlob = cells ? CELLS_PER_EXT_BLOB : 1
  if (proofs.length !== blobs.length * perBlob) throw new Errors.SidecarCountMismatchError(blobs.length, `${kind}s`, proofs.length, blobs.length * perBlob)

  const body = Rlp.encode(parts[0]!) // the transaction's own bytes: RLP is canonical, so they are the input's
  const transaction = new Uint8Array(body.length + 1)
  transaction[0] = 3
  transaction.set(body, 1)
  const sidecars = blobs.map((blob, i): Sidecar => {
    const common = { blob: bytesToHex(blob), commitment: bytesToHex(commitments[i]!) }
    return cells ? { ...common, cellProofs: proofs.slice(i * perBlob, (i + 1) * perBlob).map(bytesToHex) } : { ...common, proof: bytesToHex(proofs[i]!) }
  })
  return { transaction, sidecars }
}

/** The byte strings of a sidecar list, each checked by `check` (which returns the error, if any). */
function strings(value: Rlp.Value, what: string, check: (index: number, size: number | undefined) => Error | undefined): Uint8Array[] {
  if (!Array.isArray(value)) throw new Errors.InvalidNetworkWrapperError(`a wrapper whose ${what} are a byte string, not a list`)
  return value.map((item, i) => {
    const error = check(i, item instanceof Uint8Array ? item.length : undefined)
    if (error) throw error
    return item as Uint8Array
  })
}
