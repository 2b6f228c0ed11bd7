import { RLP } from '@ethereumjs/rlp'
import { describe, expect, it } from 'vitest'
import { seeded, type Random } from '../../tests/support/random'
import { readVectors } from '../../tests/support/vectors'
import { bytesToHex, hexToBytes } from './hex'
import * as Rlp from './Rlp'

type VectorIn = string | number | VectorIn[]
const encoder = new TextEncoder()

/** The vector file's `in`: strings are UTF-8 (or `#digits` big integers), numbers are integers. */
function toInput(value: VectorIn): Rlp.Input {
  if (Array.isArray(value)) return value.map(toInput)
  if (typeof value === 'number' || value.startsWith('#')) {
    const n = BigInt(typeof value === 'number' ? value : value.slice(1))
    if (n === 0n) return new Uint8Array()
    const hex = n.toString(16)
    return hexToBytes(`0x${hex.length % 2 ? '0' : ''}${hex}`)
  }
  return encoder.encode(value)
}

describe('Rlp conformance (ethereum/tests)', () => {
  const valid = readVectors<Record<string, { in: VectorIn; out: string }>>('ethereum-tests/rlptest.json')
  const invalid = readVectors<Record<string, { out: string }>>('ethereum-tests/invalidRLPTest.json')

  it.each(Object.entries(valid))('%s encodes and decodes', (_name, { in: input, out }) => {
    const value = toInput(input)
    expect(bytesToHex(Rlp.encode(value))).toBe(out.toLowerCase())
    expect(Rlp.decode(hexToBytes(out))).toEqual(value)
  })

  it.each(Object.entries(invalid))('%s is rejected with an RLP error', (_name, { out }) => {
    const hex = (out.startsWith('0x') ? out : `0x${out}`) as `0x${string}`
    expect(() => Rlp.decode(hexToBytes(hex))).toThrow(Rlp.RlpError)
  })
})

describe('Rlp errors name the rule and the offset', () => {
  const cases: [string, Uint8Array, new (...args: never[]) => Rlp.RlpError, string][] = [
    ['empty', new Uint8Array(), Rlp.EmptyInputError, 'RLP input is empty: there is no item to decode.'],
    ['wrapped single byte', Uint8Array.of(0x81, 0x05), Rlp.NonCanonicalSingleByteError, 'Non-canonical RLP at byte 0: a single byte below 0x80 must be encoded as itself, not behind a string header.'],
    ['leading zero length', Uint8Array.of(0xb8, 0x00), Rlp.LeadingZeroLengthError, 'Non-canonical RLP at byte 0: the length has leading zero bytes.'],
    ['long form below 56', Uint8Array.of(0xc2, 0xb8, 0x05), Rlp.NonCanonicalLengthError, 'Non-canonical RLP at byte 1: a length below 56 must use the short form.'],
    ['past the input', Uint8Array.of(0x83, 0x61), Rlp.LengthPastInputError, 'Invalid RLP at byte 0: the length runs past the end of the input.'],
    ['list does not add up', Uint8Array.of(0xc2, 0x83, 0x61, 0x62, 0x63), Rlp.ListPayloadMismatchError, "Invalid RLP at byte 1: the list's items do not add up to its payload length."],
    ['trailing bytes', Uint8Array.of(0x80, 0x80), Rlp.TrailingBytesError, 'Invalid RLP: bytes follow the item, starting at byte 1.'],
  ]
  it.each(cases)('%s', (_name, input, ErrorClass, message) => {
    let caught: unknown
    try {
      Rlp.decode(input)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ErrorClass)
    expect((caught as Rlp.RlpError).shortMessage).toBe(message)
  })

  it('rejects values that are not bytes or arrays', () => {
    expect(() => Rlp.encode([1 as unknown as Uint8Array])).toThrow('Invalid RLP input: encode takes Uint8Array values and arrays of them, got number.')
    expect(() => Rlp.decode('0x80' as unknown as Uint8Array)).toThrow(Rlp.InvalidInputError)
  })
})

describe('Rlp depth', () => {
  const nestedBytes = (depth: number) => {
    // depth lists, innermost empty: c0, then each level wraps with a header.
    let bytes = Uint8Array.of(0xc0)
    for (let i = 1; i < depth; i++) {
      const len = bytes.length
      const header = len < 56 ? [0xc0 + len] : [0xf7 + byteLength(len), ...bigEndian(len)]
      const next = new Uint8Array(header.length + len)
      next.set(header)
      next.set(bytes, header.length)
      bytes = next
    }
    return bytes
  }
  const byteLength = (n: number) => bigEndian(n).length
  const bigEndian = (n: number) => {
    const out: number[] = []
    for (; n > 0; n = Math.floor(n / 256)) out.unshift(n % 256)
    return out
  }

  it('decodes 8192 levels and refuses 8193 with DepthExceededError', () => {
    let value = Rlp.decode(nestedBytes(Rlp.MAX_DEPTH))
    let depth = 0
    while (Array.isArray(value)) {
      depth++
      value = value[0] as Rlp.Value
    }
    expect(depth).toBe(8192)
    expect(() => Rlp.decode(nestedBytes(Rlp.MAX_DEPTH + 1))).toThrow(Rlp.DepthExceededError)
  })

  it('encodes 8192 levels, refuses 8193, and survives a self-referencing array', () => {
    const nest = (depth: number): Rlp.Input => {
      let v: Rlp.Input = []
      for (let i = 1; i < depth; i++) v = [v]
      return v
    }
    expect(Rlp.encode(nest(Rlp.MAX_DEPTH))).toEqual(nestedBytes(Rlp.MAX_DEPTH))
    expect(() => Rlp.encode(nest(Rlp.MAX_DEPTH + 1))).toThrow(Rlp.DepthExceededError)
    const loop: Rlp.Input[] = []
    loop.push(loop)
    expect(() => Rlp.encode(loop)).toThrow(Rlp.DepthExceededError)
  })

  it('builds 8192 levels as 8192 nested arrays, each with one item, and names the offset of level 8193', () => {
    const bytes = nestedBytes(Rlp.MAX_DEPTH)
    let value = Rlp.decode(bytes)
    for (let level = 1; level < Rlp.MAX_DEPTH; level++) {
      expect(Array.isArray(value) && value.length === 1).toBe(true)
      value = (value as Rlp.Value[])[0]!
    }
    expect(value).toEqual([])
    // One level more: the refused header is the innermost, empty list, the input's last byte.
    const deeper = nestedBytes(Rlp.MAX_DEPTH + 1)
    let caught: unknown
    try {
      Rlp.decode(deeper)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(Rlp.DepthExceededError)
    expect((caught as Rlp.RlpError).offset).toBe(deeper.length - 1)
  })

  it('does not overflow the stack on 100 000 levels', () => {
    expect(() => Rlp.decode(nestedBytes(100_000))).toThrow(Rlp.DepthExceededError)
  }, 120_000)
})

// The randomized and deep cases check results, not speed: their time limits leave room for a
// loaded 2-core machine, where 6000 deep comparisons can take longer than the default 30 s.
describe('Rlp differential against @ethereumjs/rlp', () => {
  const tree = (r: Random, depth: number): Rlp.Input => {
    if (depth > 6 || r.next() < 0.45) {
      const kind = r.int(4)
      const len = kind === 0 ? 1 : kind === 1 ? r.int(56) : kind === 2 ? 50 + r.int(20) : r.int(300)
      return r.bytes(len)
    }
    return Array.from({ length: r.int(6) }, () => tree(r, depth + 1))
  }

  it('encodes and decodes 3000 random trees identically', () => {
    const r = seeded(0x5eed)
    for (let i = 0; i < 3000; i++) {
      const value = tree(r, 0)
      const ours = Rlp.encode(value)
      expect(ours).toEqual(RLP.encode(value as never))
      expect(Rlp.decode(ours)).toEqual(RLP.decode(ours))
    }
  }, 180_000)

  it('agrees on acceptance of 3000 random mutations of valid encodings', () => {
    const r = seeded(0xbad)
    for (let i = 0; i < 3000; i++) {
      const bytes = Rlp.encode(tree(r, 0))
      const mutated = bytes.slice()
      if (mutated.length > 0) mutated[r.int(mutated.length)] = r.int(256)
      let theirs: unknown
      let ours: unknown
      try {
        theirs = RLP.decode(mutated)
      } catch {
        theirs = 'error'
      }
      try {
        ours = Rlp.decode(mutated)
      } catch (error) {
        expect(error).toBeInstanceOf(Rlp.RlpError)
        ours = 'error'
      }
      expect(ours, bytesToHex(mutated)).toEqual(theirs)
    }
  }, 180_000)

  it('decodes to hex and back', () => {
    expect(Rlp.decodeHex('0xc88363617483646f67')).toEqual(['0x636174', '0x646f67'])
    expect(Rlp.encodeHex(['0x636174', []])).toBe('0xc583636174c0')
  })
})

describe('Rlp decode tree shape', () => {
  const hex = (text: string) => hexToBytes(text as `0x${string}`)

  it('decodes empty lists, empty strings and mixed trees in order', () => {
    expect(Rlp.decode(hex('0xc0'))).toEqual([])
    expect(Rlp.decode(hex('0x80'))).toEqual(new Uint8Array())
    expect(Rlp.decode(hex('0xc3c0c0c0'))).toEqual([[], [], []])
    // ["cat", ["", []], 5, [[["dog"]]]]
    const mixed = Rlp.encode([encoder.encode('cat'), [new Uint8Array(), []], Uint8Array.of(5), [[[encoder.encode('dog')]]]])
    expect(Rlp.decode(mixed)).toEqual([encoder.encode('cat'), [new Uint8Array(), []], Uint8Array.of(5), [[[encoder.encode('dog')]]]])
    expect(Rlp.decodeHex(bytesToHex(mixed))).toEqual(['0x636174', ['0x', []], '0x05', [[['0x646f67']]]])
    // Lists of 0, 1, 2, 3 and 60 items, at several depths.
    const wide = [[], [Uint8Array.of(1)], [Uint8Array.of(1), []], [[], Uint8Array.of(2), [[]]], Array.from({ length: 60 }, (_, i) => Uint8Array.of(i))]
    expect(Rlp.decode(Rlp.encode(wide))).toEqual(wide)
  })

  it('gives independent copies: no view of the input or of WASM memory, no shared buffer', () => {
    const input = Rlp.encode([encoder.encode('cat'), [encoder.encode('dog')]])
    const decoded = Rlp.decode(input) as [Uint8Array, [Uint8Array]]
    const [cat, [dog]] = decoded
    expect(cat.buffer).not.toBe(input.buffer)
    expect(cat.buffer).not.toBe(dog.buffer)
    expect(cat.byteLength).toBe(cat.buffer.byteLength)
    input.fill(0)
    Rlp.decode(Rlp.encode([new Uint8Array(100).fill(7)]))
    expect(new TextDecoder().decode(cat)).toBe('cat')
    expect(new TextDecoder().decode(dog)).toBe('dog')
  })

  it('a call after a large one, and a failure between two calls, give the right trees', () => {
    const big = Array.from({ length: 3000 }, (_, i) => [Uint8Array.of(i & 0x7f), []])
    expect(Rlp.decode(Rlp.encode(big))).toEqual(big)
    expect(() => Rlp.decode(hex('0xc3c0c0c0c0'))).toThrow(Rlp.TrailingBytesError)
    expect(Rlp.decode(hex('0xc2c180'))).toEqual([[new Uint8Array()]])
  })

  // Errors inside nested lists keep the offsets and classes they had with the pre-order tape.
  const offsets: [string, string, new (...args: never[]) => Rlp.RlpError, number][] = [
    ['non-canonical byte three lists deep', '0xc4c3c28105', Rlp.NonCanonicalSingleByteError, 3],
    ['item longer than its list', '0xc4c3c2820506', Rlp.ListPayloadMismatchError, 3],
    ['list longer than the input', '0xc1c580', Rlp.LengthPastInputError, 1],
    ['0x81 cut off by its list', '0xc2c18105', Rlp.LengthPastInputError, 2],
    ['leading zero inside a list', '0xc3b80000', Rlp.LeadingZeroLengthError, 1],
    ['short length in long form inside a list', '0xc3f80180', Rlp.NonCanonicalLengthError, 1],
    ['trailing bytes after a nested list', '0xc2c1c080', Rlp.TrailingBytesError, 3],
    ['empty list followed by a byte', '0xc000', Rlp.TrailingBytesError, 1],
  ]
  it.each(offsets)('%s', (_name, input, ErrorClass, offset) => {
    let caught: unknown
    try {
      Rlp.decode(hex(input))
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ErrorClass)
    expect((caught as Rlp.RlpError).offset).toBe(offset)
  })
})
