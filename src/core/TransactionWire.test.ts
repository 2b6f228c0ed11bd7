import { serializeTransaction, type TransactionSerializable } from 'viem'
import { describe, expect, it } from 'vitest'
import * as Rlp from './Rlp'
import * as Transaction from './Transaction'

// The layout writer's edges (TransactionWire.write): integers as number or bigint of any size,
// hex in either case or malformed, lists, unknown keys, and the input buffer it keeps between
// calls. Each serialization is checked against viem's bytes, each refusal against its message.

const to: `0x${string}` = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const word = (byte: string) => `0x${byte.repeat(32)}` as const
const base = { type: 'eip1559', chainId: 1, maxFeePerGas: 10n, to } as const

function refusal(run: () => unknown): Transaction.TransactionError {
  try {
    run()
  } catch (error) {
    return error as Transaction.TransactionError
  }
  throw new Error('not refused')
}

const viem = (tx: object) => serializeTransaction(tx as TransactionSerializable)

describe('Transaction layout: integers', () => {
  it('takes nonce and chainId as numbers or bigints, and other integers as bigints, up to 2^256 - 1', () => {
    const max = 2n ** 256n - 1n
    for (const tx of [
      { ...base, nonce: 7, value: 0n },
      { ...base, nonce: 7n as never, chainId: 1n as never },
      { ...base, nonce: Number.MAX_SAFE_INTEGER, value: 2n ** 64n - 1n },
      { ...base, value: 2n ** 64n, gas: 2n ** 64n + 1n },
      { ...base, value: 2n ** 128n + 5n, maxFeePerGas: max, maxPriorityFeePerGas: max },
      { type: 'legacy', gasPrice: max, value: 2n ** 200n, nonce: 0 },
    ] as const) {
      const plain = Object.fromEntries(Object.entries(tx).map(([k, v]) => [k, (k === 'nonce' || k === 'chainId') && typeof v === 'bigint' ? Number(v) : v]))
      expect(Transaction.serialize(tx)).toBe(viem(plain))
    }
  })

  it('refuses negative, fractional, unsafe or non-integer values by field', () => {
    expect(refusal(() => Transaction.serialize({ ...base, nonce: 2 ** 53 })).shortMessage).toBe(
      `Transaction field nonce is invalid: got ${2 ** 53}, expected a non-negative integer (bigint, or number for chainId and nonce).`,
    )
    expect(refusal(() => Transaction.serialize({ ...base, value: -1n }))).toBeInstanceOf(Transaction.InvalidFieldError)
    // A safe integer as a number is taken for any integer field, as it always was.
    expect(Transaction.serialize({ ...base, gas: 21_000 as never })).toBe(Transaction.serialize({ ...base, gas: 21_000n }))
    expect(refusal(() => Transaction.serialize({ ...base, gas: 1.5 as never })).shortMessage).toBe(
      'Transaction field gas is invalid: got 1.5, expected a non-negative integer (bigint, or number for chainId and nonce).',
    )
    expect(refusal(() => Transaction.serialize({ ...base, chainId: '1' as never }))).toBeInstanceOf(Transaction.InvalidChainIdError)
    expect(refusal(() => Transaction.serialize({ ...base, nonce: 2n ** 64n as never })).shortMessage).toBe(
      `Transaction field nonce is invalid: got ${2n ** 64n}n, expected an integer below 2^64.`,
    )
  })
})

describe('Transaction layout: hex texts', () => {
  it('reads hex digits in either case', () => {
    const lower = { ...base, data: '0xabcdef', accessList: [{ address: to, storageKeys: [word('ab')] }], r: word('cd'), s: word('0e'), yParity: 1 } as const
    const upper = { ...lower, data: '0xABCDEF', accessList: [{ address: to, storageKeys: [word('AB')] }], r: word('CD'), s: word('0E') } as const
    expect(Transaction.serialize(upper as never)).toBe(Transaction.serialize(lower))
    expect(Transaction.serialize(lower)).toBe(viem(lower))
  })

  it('names the field, entry or list whose hex is odd or not hex', () => {
    const rule = 'expected hex bytes (0x and an even number of hex digits).'
    expect(refusal(() => Transaction.serialize({ ...base, data: '0xzz' })).shortMessage).toBe(`Transaction field data is invalid: got "0xzz", ${rule}`)
    expect(refusal(() => Transaction.serialize({ ...base, r: '0x123', s: '0x01', yParity: 0 })).shortMessage).toBe(`Transaction field r is invalid: got "0x123", ${rule}`)
    const entry = { address: to, storageKeys: [`0x${'1'.repeat(63)}`] } as const
    const odd = refusal(() => Transaction.serialize({ ...base, accessList: [entry] }))
    expect(odd).toBeInstanceOf(Transaction.InvalidFieldError)
    expect(odd.shortMessage).toMatch(new RegExp(`^Transaction field accessList is invalid: got \\{"address":"${to}",.*, expected hex bytes`))
    const hashes = [word('01'), `0x01${'g'.repeat(62)}`] as const
    const error = refusal(() => Transaction.serialize({ ...base, blobVersionedHashes: hashes }))
    expect(error).toBeInstanceOf(Transaction.InvalidFieldError)
    expect(error.shortMessage).toContain('Transaction field blobVersionedHashes is invalid')
  })

  it('keeps every text in place after one with characters outside ASCII', () => {
    // The texts cross in one block; a text that is not ASCII must not shift the ones after it.
    const error = refusal(() => Transaction.serialize({ ...base, accessList: [{ address: to, storageKeys: ['0x\u00e9\u00e9' as never, word('01')] }] }))
    expect(error).toBeInstanceOf(Transaction.InvalidFieldError)
    expect(error.field).toBe('accessList')
    const to2 = refusal(() => Transaction.serialize({ chainId: 1, maxFeePerGas: 1n, data: '0x\u{1f600}' as never, to: '0x\u00e9' as never }))
    expect(to2).toBeInstanceOf(Transaction.InvalidFieldError)
    expect(to2.field).toBe('data')
    expect(Transaction.serialize(base)).toBe(viem(base))
  })

  it('refuses a hex field that is not a string', () => {
    expect(refusal(() => Transaction.serialize({ ...base, data: 5 as never })).shortMessage).toBe('Transaction field data is invalid: got 5, expected a 0x-prefixed hex string.')
    expect(refusal(() => Transaction.serialize({ ...base, accessList: [{ address: to, storageKeys: [1 as never] }] })).field).toBe('accessList.storageKeys')
  })
})

describe('Transaction layout: fields present, missing and unknown', () => {
  it('serializes a transaction with only what its type needs', () => {
    expect(Transaction.serialize({ chainId: 1, maxFeePerGas: 1n })).toBe(viem({ chainId: 1, maxFeePerGas: 1n }))
    expect(Transaction.serialize({ gasPrice: 1n })).toBe(viem({ gasPrice: 1n }))
    expect(refusal(() => Transaction.serialize({}))).toBeInstanceOf(Transaction.CannotInferTypeError)
  })

  it('refuses an unsupported field where the object has it, and ignores other unknown keys', () => {
    const unsupported = { ...base, authorizationList: [] } as Transaction.Transaction
    expect(refusal(() => Transaction.serialize(unsupported))).toBeInstanceOf(Transaction.UnsupportedFieldError)
    // Keys are checked in the object's own order: the first problem is the one reported.
    expect(refusal(() => Transaction.serialize({ chainId: 'x', blobs: [] } as never))).toBeInstanceOf(Transaction.InvalidChainIdError)
    expect(refusal(() => Transaction.serialize({ blobs: [], chainId: 'x' } as never))).toBeInstanceOf(Transaction.UnsupportedFieldError)
    expect(Transaction.serialize({ ...base, sidecars: undefined, toString: 1, constructor: 2, __proto__x: 3 } as never)).toBe(viem(base))
  })

  it('serializes long lists (past the first buffer size) as viem does', () => {
    const accessList = Array.from({ length: 40 }, (_, i) => ({ address: to, storageKeys: Array.from({ length: i % 4 }, (_, k) => word((10 + k).toString())) }))
    const blobVersionedHashes = Array.from({ length: 6 }, (_, i) => `0x01${(i + 10).toString().repeat(31)}` as const)
    const tx = { ...base, type: 'eip4844', accessList, blobVersionedHashes, maxFeePerBlobGas: 3n } as const
    expect(Transaction.serialize(tx)).toBe(viem(tx))
  })
})

describe('Transaction layout: the input buffer it keeps between calls', () => {
  it('stays right after other calls resize the buffer and after WASM memory grows', () => {
    const tx = { ...base, data: '0xa9059cbb', accessList: [{ address: to, storageKeys: [word('01')] }] } as const
    const expected = viem(tx)
    expect(Transaction.serialize(tx)).toBe(expected)
    // Another call writes a large input into the same scratch buffer.
    const large = Rlp.encode([new Uint8Array(3 << 20)])
    expect(Rlp.decode(large)).toHaveLength(1)
    expect(Transaction.serialize(tx)).toBe(expected)
    // A parse in between (it writes the buffer too), then a transaction that grows memory.
    expect(Transaction.parse(expected).nonce).toBe(0)
    const huge = { ...base, data: `0x${'ab'.repeat(4 << 20)}` } as const
    expect(Transaction.serialize(huge)).toBe(viem(huge))
    expect(Transaction.serialize(tx)).toBe(expected)
    expect(Transaction.getType(tx)).toBe('eip1559')
    expect(() => Transaction.validate(tx)).not.toThrow()
  })
})
