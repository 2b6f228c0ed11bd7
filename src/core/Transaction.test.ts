import { getAddress, parseTransaction, serializeTransaction, type TransactionSerializable } from 'viem'
import { describe, expect, it } from 'vitest'
import { seeded, type Random } from '../../tests/support/random'
import { bytesToHex, hexToBytes } from './hex'
import * as Rlp from './Rlp'
import * as Transaction from './Transaction'

const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const hash = (version: number, size = 32) => bytesToHex(Uint8Array.from({ length: size }, (_, i) => (i === 0 ? version : i)))

function randomTransaction(r: Random): { tx: Transaction.Transaction; signature?: { r: `0x${string}`; s: `0x${string}`; v?: bigint; yParity?: number } } {
  const type = r.pick(['legacy', 'eip2930', 'eip1559', 'eip4844'] as const)
  const address = () => {
    const hex = bytesToHex(r.bytes(20))
    return r.bool() ? getAddress(hex) : hex
  }
  const word = () => bytesToHex(r.bytes(32))
  const accessList = () =>
    Array.from({ length: r.int(3) }, () => ({ address: address(), storageKeys: Array.from({ length: r.int(3) }, word) }))
  const tx: Transaction.Transaction = {
    type: r.bool() ? type : undefined,
    chainId: 1 + r.int(2 ** 31),
    nonce: r.bool() ? 0 : r.int(2 ** 40),
    gas: r.bool() ? r.bigint(8) : undefined,
    value: r.bool() ? r.bigint(32) : undefined,
    data: r.bool() ? bytesToHex(r.bytes(r.int(120))) : undefined,
    to: type === 'eip4844' || r.next() < 0.8 ? address() : undefined,
  }
  if (type === 'legacy' || type === 'eip2930') tx.gasPrice = r.bigint(32)
  if (type === 'eip2930') tx.accessList = accessList()
  if (type === 'eip1559' || type === 'eip4844') {
    const cap = r.bigint(32)
    tx.maxFeePerGas = cap
    if (r.bool()) tx.maxPriorityFeePerGas = cap === 0n ? 0n : cap / (1n + r.bigint(2))
    if (r.bool()) tx.accessList = accessList()
  }
  if (type === 'eip4844') {
    tx.maxFeePerBlobGas = r.bigint(16)
    tx.blobVersionedHashes = Array.from({ length: 1 + r.int(3) }, () => hash(1))
  }
  if (r.bool()) return { tx }
  const rs = () => bytesToHex(Uint8Array.from(r.bytes(32), (b, i) => (i < r.int(3) ? 0 : b)))
  if (type === 'legacy') {
    const v = r.bool() ? 27n + BigInt(r.int(2)) : BigInt(tx.chainId!) * 2n + 35n + BigInt(r.int(2))
    return { tx, signature: { r: rs(), s: rs(), v } }
  }
  return { tx, signature: { r: rs(), s: rs(), yParity: r.int(2) } }
}

describe('Transaction differential against viem', () => {
  it('serializes 3000 random transactions of every type byte for byte, and parses them the same', () => {
    const r = seeded(0x7a)
    const seen = new Set<string>()
    for (let i = 0; i < 3000; i++) {
      const { tx, signature } = randomTransaction(r)
      const expected = serializeTransaction(tx as TransactionSerializable, signature as never)
      const ours = Transaction.serialize({ ...tx, ...signature })
      expect(ours, JSON.stringify(tx, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))).toBe(expected)
      expect(Transaction.parse(ours)).toEqual(parseTransaction(expected))
      seen.add(Transaction.getType(tx) + (signature ? ' signed' : ''))
    }
    expect(seen.size).toBe(8)
  })

  it('parses from bytes as well as hex', () => {
    const serialized = Transaction.serialize({ chainId: 1, maxFeePerGas: 30_000_000_000n, to, value: 1n })
    expect(serialized).toBe('0x02e20180808506fc23ac00809470997970c51812dc3a010c7d01b50e0d17dc79c80180c0')
    expect(Transaction.parse(hexToBytes(serialized))).toEqual({ type: 'eip1559', chainId: 1, nonce: 0, maxFeePerGas: 30_000_000_000n, to: to.toLowerCase(), value: 1n })
  })
})

describe('Transaction.getType', () => {
  it('infers the type the way viem does', () => {
    expect(Transaction.getType({ gasPrice: 1n })).toBe('legacy')
    expect(Transaction.getType({ gasPrice: 1n, accessList: [] })).toBe('eip2930')
    expect(Transaction.getType({ maxPriorityFeePerGas: 1n })).toBe('eip1559')
    expect(Transaction.getType({ maxFeePerBlobGas: 1n })).toBe('eip4844')
    expect(Transaction.getType({ type: 'eip2930' })).toBe('eip2930')
  })
})

describe('Transaction errors: one class and message per rule', () => {
  const base = { chainId: 1, to, maxFeePerGas: 10n } satisfies Transaction.Transaction
  const cases: [string, Transaction.Transaction, new (...args: never[]) => Transaction.TransactionError, string][] = [
    ['non-positive chainId', { ...base, chainId: 0 }, Transaction.InvalidChainIdError, 'Chain id 0 is invalid: it must be a positive integer.'],
    ['negative chainId', { ...base, chainId: -1 }, Transaction.InvalidChainIdError, 'Chain id -1 is invalid: it must be a positive integer.'],
    ['missing chainId', { maxFeePerGas: 1n }, Transaction.InvalidChainIdError, 'Chain id is missing: typed transactions need a positive integer chainId.'],
    ['invalid to', { ...base, to: '0x1234' }, Transaction.InvalidAddressError, 'Address "0x1234" in to is invalid: it must be 0x and 40 hex digits, and mixed case must match its EIP-55 checksum.'],
    ['bad checksum', { ...base, to: '0x70997970c51812dc3A010C7d01b50e0d17dc79C8' }, Transaction.InvalidAddressError, 'Address "0x70997970c51812dc3A010C7d01b50e0d17dc79C8" in to is invalid: it must be 0x and 40 hex digits, and mixed case must match its EIP-55 checksum.'],
    ['fee cap above 2^256-1', { ...base, maxFeePerGas: 2n ** 256n }, Transaction.FeeCapTooHighError, `maxFeePerGas (${2n ** 256n} wei) cannot be higher than 2^256-1.`],
    ['tip above fee cap', { ...base, maxPriorityFeePerGas: 11n }, Transaction.TipAboveFeeCapError, 'maxPriorityFeePerGas (11 wei) cannot be higher than maxFeePerGas (10 wei).'],
    ['short storage key', { ...base, accessList: [{ address: to, storageKeys: ['0x01'] }] }, Transaction.InvalidStorageKeySizeError, 'Storage key "0x01" in accessList[0] is invalid: access-list storage keys are 32 bytes (0x and 64 hex digits).'],
    ['legacy with 1559 fees', { type: 'legacy', gasPrice: 1n, maxFeePerGas: 2n }, Transaction.FeeFieldsNotAllowedError, 'maxFeePerGas is not a field of legacy transactions: use gasPrice, or an EIP-1559 transaction.'],
    ['2930 with 1559 fees', { type: 'eip2930', chainId: 1, gasPrice: 1n, maxPriorityFeePerGas: 2n }, Transaction.FeeFieldsNotAllowedError, 'maxPriorityFeePerGas is not a field of eip2930 transactions: use gasPrice, or an EIP-1559 transaction.'],
    ['empty blob hashes', { ...base, blobVersionedHashes: [] }, Transaction.EmptyBlobHashesError, 'A blob transaction needs at least one blob versioned hash.'],
    ['short blob hash', { ...base, blobVersionedHashes: [hash(1, 31)] }, Transaction.InvalidBlobHashSizeError, `Blob versioned hash "${hash(1, 31)}" is invalid: it must be 32 bytes.`],
    ['blob hash version 2', { ...base, blobVersionedHashes: [hash(2)] }, Transaction.InvalidBlobHashVersionError, `Blob versioned hash "${hash(2)}" has an unknown version: the first byte must be 0x01.`],
    ['legacy v 29', { gasPrice: 1n, r: '0x01', s: '0x01', v: 29n }, Transaction.InvalidLegacyVError, 'Legacy signature v 29 is invalid: it must be 27, 28, or chainId * 2 + 35 or 36 (EIP-155).'],
    ['legacy v of another chain', { chainId: 1, gasPrice: 1n, r: '0x01', s: '0x01', v: 45n }, Transaction.InvalidLegacyVError, 'Legacy signature v 45 is invalid: it must be 27, 28, or chainId * 2 + 35 or 36 (EIP-155).'],
    ['type cannot be inferred', { chainId: 1, to }, Transaction.CannotInferTypeError, 'Cannot tell the transaction type: set `type`, or the fees of one type (gasPrice; maxFeePerGas/maxPriorityFeePerGas; maxFeePerBlobGas).'],
    ['unknown type', { type: 'eip7702' as never, chainId: 1 }, Transaction.InvalidTypeError, `Transaction type "eip7702" is not supported: use 'legacy', 'eip2930', 'eip1559' or 'eip4844'.`],
    ['yParity 2', { ...base, r: '0x01', s: '0x01', yParity: 2 }, Transaction.InvalidYParityError, 'Signature y parity 2 is invalid: it must be 0 or 1 (or v 27/28).'],
    ['half a signature', { ...base, r: '0x01', yParity: 1 }, Transaction.IncompleteSignatureError, 'Signature is incomplete: s is missing (r, s and v or yParity go together).'],
    ['blob tx without to', { chainId: 1, maxFeePerGas: 1n, blobVersionedHashes: [hash(1)] }, Transaction.MissingToError, 'A blob transaction needs a recipient: `to` is missing.'],
    ['odd-length data', { ...base, data: '0x123' }, Transaction.InvalidFieldError, 'Transaction field data is invalid: got "0x123", expected hex bytes (0x and an even number of hex digits).'],
    ['fractional nonce', { ...base, nonce: 1.5 }, Transaction.InvalidFieldError, 'Transaction field nonce is invalid: got 1.5, expected a non-negative integer (bigint, or number for chainId and nonce).'],
    ['value above 2^256-1', { ...base, value: 2n ** 256n }, Transaction.InvalidFieldError, `Transaction field value is invalid: got ${2n ** 256n}n, expected an integer below 2^256.`],
  ]

  it.each(cases)('%s', (_name, tx, ErrorClass, message) => {
    for (const run of [() => Transaction.serialize(tx), () => Transaction.validate(tx)]) {
      let caught: unknown
      try {
        run()
      } catch (error) {
        caught = error
      }
      expect(caught).toBeInstanceOf(ErrorClass)
      expect((caught as Transaction.TransactionError).shortMessage).toBe(message)
    }
  })

  it('names the field when a value holds characters outside ASCII (the parts text crosses as UTF-8)', () => {
    expect(() => Transaction.serialize({ chainId: 1, maxFeePerGas: 1n, to: '0x\u00e93535353535353535353535353535353535353535' as never })).toThrow(
      Transaction.InvalidAddressError,
    )
    const data = '0x\u00e9\u20ac\u{1f600}' as const
    expect(() => Transaction.serialize({ chainId: 1, maxFeePerGas: 1n, data: data as never })).toThrow(
      `Transaction field data is invalid: got "${data}", expected hex bytes (0x and an even number of hex digits).`,
    )
    expect(() => Transaction.validate({ chainId: 1, maxFeePerGas: 1n, to, r: '0x\u{1f600}' as never, s: '0x01', yParity: 1 })).toThrow(
      'Transaction field r is invalid',
    )
    // The scratch buffer is shared: the next call after a refused one reads only its own text.
    expect(Transaction.getType({ type: 'eip1559', chainId: 1, maxFeePerGas: 1n })).toBe('eip1559')
  })

  it('parse rejects unknown types, wrong field counts and non-canonical integers', () => {
    expect(() => Transaction.parse('0x05c0')).toThrow(Transaction.InvalidSerializedTypeError)
    expect(() => Transaction.parse('0x05c0')).toThrow('Serialized transaction starts with 0x05: expected a legacy RLP list or type 0x01, 0x02 or 0x03.')
    expect(() => Transaction.parse('0x02c0')).toThrow('Serialized eip1559 transaction has the wrong number of fields (blob sidecar wrappers are not supported).')
    // legacy nonce written 0x00 instead of 0x80
    expect(() => Transaction.parse('0xc6008080808080')).toThrow(Transaction.InvalidFieldError)
    expect(() => Transaction.parse('0xc680808080808000')).toThrow(Rlp.TrailingBytesError)
    expect(() => Transaction.parse('0x')).toThrow(Rlp.EmptyInputError)
  })
})

describe('Transaction.parse: edges a fuzzer found (regressions)', () => {
  const refusal = (hex: `0x${string}`) => {
    try {
      Transaction.parse(hex)
    } catch (error) {
      return error as Transaction.TransactionError
    }
    throw new Error(`${hex} parsed`)
  }

  it('refuses a nonce or chainId above 2^53 - 1 instead of rounding it (viem refuses them too)', () => {
    const nonce = refusal('0xcd87200000000000018080808080')
    expect(nonce).toBeInstanceOf(Transaction.IntegerOutOfRangeError)
    expect(nonce.shortMessage).toBe(
      'Transaction field nonce is 9007199254740993, above Number.MAX_SAFE_INTEGER (2^53 - 1): nonce is returned as a number, so it must be a safe integer.',
    )
    expect(() => parseTransaction('0xcd87200000000000018080808080')).toThrow()
    const chainId = refusal('0x02d0872000000000000180808080808080c0')
    expect(chainId).toBeInstanceOf(Transaction.IntegerOutOfRangeError)
    expect(chainId.field).toBe('chainId')
    expect(chainId.shortMessage).toContain('chainId is 9007199254740993')
    // 2^53 - 1 itself is still a number, exactly.
    const largest = Transaction.serialize({ chainId: 1, nonce: Number.MAX_SAFE_INTEGER, maxFeePerGas: 1n })
    expect(Transaction.parse(largest).nonce).toBe(Number.MAX_SAFE_INTEGER)
  })

  it('names the access-list address that is not 20 bytes', () => {
    const error = refusal('0x02f301010105809411111111111111111111111111111111111111118080d6d59322222222222222222222222222222222222222c0')
    expect(error).toBeInstanceOf(Transaction.InvalidAddressError)
    expect(error.shortMessage).toBe(
      `Address "0x${'22'.repeat(19)}" in accessList[0] is invalid: it must be 0x and 40 hex digits, and mixed case must match its EIP-55 checksum.`,
    )
  })

  it('names the storage key that is not 32 bytes', () => {
    const error = refusal(`0x02f85401010105809411111111111111111111111111111111111111118080f7f694${'22'.repeat(20)}e09f${'33'.repeat(31)}`)
    expect(error).toBeInstanceOf(Transaction.InvalidStorageKeySizeError)
    expect(error.shortMessage).toBe(
      `Storage key "0x${'33'.repeat(31)}" in accessList[0] is invalid: access-list storage keys are 32 bytes (0x and 64 hex digits).`,
    )
  })

  it('names the legacy v it refuses', () => {
    const error = refusal('0xc90180808080801d0101')
    expect(error).toBeInstanceOf(Transaction.InvalidLegacyVError)
    expect(error.shortMessage).toBe('Legacy signature v 29 is invalid: it must be 27, 28, or chainId * 2 + 35 or 36 (EIP-155).')
  })

  it('says what is wrong with an access-list entry that does not have two items', () => {
    const three = refusal(`0x02f501010105809411111111111111111111111111111111111111118080d8d794${'22'.repeat(20)}c080`)
    expect(three).toBeInstanceOf(Transaction.InvalidAccessListEntryError)
    expect(three.shortMessage).toBe(
      `Access-list entry 0 has 3 items (0xd794${'22'.repeat(20)}c080): an entry must be a list of exactly two items, an address and a list of storage keys.`,
    )
    const one = refusal(`0x02f301010105809411111111111111111111111111111111111111118080d6d594${'22'.repeat(20)}`)
    expect(one.shortMessage).toMatch(/^Access-list entry 0 has 1 item \(0xd594/)
  })
})

describe('Transaction: the layout follows the object, not a fixed order', () => {
  it('gives the same bytes whatever order the keys come in, and ignores keys it does not know', () => {
    const tx = { type: 'eip1559', chainId: 1, nonce: 5, maxFeePerGas: 3n, maxPriorityFeePerGas: 2n, gas: 21_000n, to, value: 7n, data: '0xab' } as const
    const reversed = Object.fromEntries(Object.entries(tx).reverse()) as Transaction.Transaction
    expect(Transaction.serialize(reversed)).toBe(Transaction.serialize(tx))
    expect(Transaction.serialize({ ...tx, from: to, hash: '0x00', blockNumber: 1n } as Transaction.Transaction)).toBe(Transaction.serialize(tx))
    expect(Transaction.serialize(tx)).toBe(serializeTransaction(tx))
    expect(() => Transaction.serialize({ ...tx, authorizationList: [] } as Transaction.Transaction)).toThrow(Transaction.UnsupportedFieldError)
    expect(Transaction.serialize({ ...tx, to: null })).toBe(serializeTransaction({ ...tx, to: undefined }))
  })
})
