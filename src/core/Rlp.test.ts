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
