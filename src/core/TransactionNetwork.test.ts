import { TxEnvelopeEip4844 } from 'ox'
import { parseTransaction, serializeTransaction } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { seeded } from '../../tests/support/random'
import { bytesToHex, hexToBytes } from './hex'
import { init } from './index'
import * as Rlp from './Rlp'
import * as Transaction from './Transaction'

beforeAll(async () => {
  await init()
})

const r = seeded(4844)
const blob = () => bytesToHex(r.bytes(131_072))
const kzg = () => bytesToHex(r.bytes(48))
const versionedHash = () => bytesToHex(Uint8Array.from([1, ...r.bytes(31)]))
const signed = { r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, yParity: 1 } as const

function blobTransaction(blobs: number) {
  return {
    type: 'eip4844',
    chainId: 1,
    nonce: 9,
    maxPriorityFeePerGas: 1_000_000_000n,
    maxFeePerGas: 30_000_000_000n,
    maxFeePerBlobGas: 5n,
    gas: 21_000n,
    to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    blobVersionedHashes: Array.from({ length: blobs }, versionedHash),
  } as const
}

/** `0x03 || rlp(items)`, for hand-made wrappers. */
function wrap(items: Rlp.Input[], after: number[] = []): Uint8Array {
  const list = Rlp.encode(items)
  const out = new Uint8Array(1 + list.length + after.length)
  out[0] = 3
  out.set(list, 1)
  out.set(after, 1 + list.length)
  return out
}
const bytes = (size: number) => r.bytes(size)

describe('Transaction.parse of a blob transaction in its network form', () => {
  it("reads EIP-4844's form as viem does: the transaction, and a blob, commitment and proof per blob", () => {
    const tx = blobTransaction(2)
    const sidecars = tx.blobVersionedHashes.map(() => ({ blob: blob(), commitment: kzg(), proof: kzg() }))
    const serialized = serializeTransaction({ ...tx, sidecars }, signed)
    const parsed = Transaction.parse(serialized)
    expect(parsed).toEqual(parseTransaction(serialized))
    expect(parsed.sidecars).toEqual(sidecars)
    // The transaction alone parses to the same fields.
    const { sidecars: _, ...alone } = parsed
    expect(Transaction.parse(serializeTransaction(tx, signed))).toEqual(alone)
  })

  it("reads EIP-7594's form as ox does: 128 cell proofs per blob", () => {
    const tx = blobTransaction(2)
    const blobs = tx.blobVersionedHashes.map(blob)
    const commitments = blobs.map(kzg)
    const cellProofs = Array.from({ length: 256 }, kzg)
    const serialized = TxEnvelopeEip4844.serialize(TxEnvelopeEip4844.from({ ...tx, sidecars: { blobs, commitments, cellProofs }, r: signed.r, s: signed.s, yParity: 1 } as never))
    const parsed = Transaction.parse(serialized)
    expect(parsed.sidecars).toEqual(blobs.map((b, i) => ({ blob: b, commitment: commitments[i], cellProofs: cellProofs.slice(i * 128, i * 128 + 128) })))
    expect(parsed.blobVersionedHashes).toEqual(tx.blobVersionedHashes)
    expect(parsed.r).toBe(signed.r)
    expect(TxEnvelopeEip4844.deserialize(serialized).sidecars).toEqual({ blobs, commitments, cellProofs })
  })

  it('refuses a sidecar of the wrong shape, naming what is wrong', () => {
    const body = Rlp.decode(hexToBytes(serializeTransaction(blobTransaction(1), signed)).subarray(1)) as Rlp.Input
    const one = () => [bytes(131_072)]
    const cases: [Uint8Array, string][] = [
      [wrap([body, one(), [bytes(48)]]), 'Serialized eip4844 transaction in network form is a 3-item list: expected [transaction, blobs, commitments, proofs] (EIP-4844) or [transaction, 1, blobs, commitments, cell proofs] (EIP-7594).'],
      [wrap([body, Uint8Array.of(2), one(), [bytes(48)], [bytes(48)]]), 'is a 5-item list whose second item is 0x02, not the version 0x01'],
      [wrap([body, bytes(131_072), [bytes(48)], [bytes(48)]]), 'is a wrapper whose blobs are a byte string, not a list'],
      [wrap([body, [bytes(131_071)], [bytes(48)], [bytes(48)]]), 'Blob 0 is 131071 bytes: a blob is exactly 131072 bytes.'],
      [wrap([body, [[]], [bytes(48)], [bytes(48)]]), 'Blob 0 is a list: a blob is exactly 131072 bytes.'],
      [wrap([body, Array.from({ length: 7 }, () => bytes(131_072)), [bytes(48)], [bytes(48)]]), 'The transaction carries 7 blobs: one transaction carries at most 6.'],
      [wrap([body, one(), [bytes(47)], [bytes(48)]]), 'KZG commitment 0 is 47 bytes: it must be 48 bytes.'],
      [wrap([body, one(), [bytes(48)], [bytes(49)]]), 'KZG proof 0 is 49 bytes: it must be 48 bytes.'],
      [wrap([body, one(), [bytes(48), bytes(48)], [bytes(48)]]), 'The transaction carries 1 blob but 2 commitments: it needs 1.'],
      [wrap([body, Uint8Array.of(1), one(), [bytes(48)], [bytes(48)]]), 'The transaction carries 1 blob but 1 cell proofs: it needs 128.'],
      [wrap([body, [bytes(131_072), bytes(131_072)], [bytes(48), bytes(48)], [bytes(48), bytes(48)]]), 'The transaction carries 2 blobs but 1 blob versioned hashes: it needs 2.'],
    ]
    for (const [input, message] of cases) {
      expect(() => Transaction.parse(input), message).toThrow(message)
      expect(() => Transaction.parse(input)).toThrow(Transaction.TransactionError)
    }
  })

  it('leaves the RLP rules to the RLP decoder and a plain transaction to the parser', () => {
    const plain = serializeTransaction(blobTransaction(1), signed)
    expect(Transaction.parse(plain).sidecars).toBeUndefined()
    // A wrapper with bytes after it.
    const body = Rlp.decode(hexToBytes(plain).subarray(1)) as Rlp.Input
    const wrapped = wrap([body, [bytes(131_072)], [bytes(48)], [bytes(48)]])
    expect(() => Transaction.parse(wrap([body, [bytes(131_072)], [bytes(48)], [bytes(48)]], [0]))).toThrow(Rlp.TrailingBytesError)
    // serialize takes no sidecar: it is for the node, not for what a wallet signs.
    const parsed = Transaction.parse(wrapped)
    expect(() => Transaction.serialize(parsed)).toThrow('Transaction field sidecars is not supported yet')
  })
})
