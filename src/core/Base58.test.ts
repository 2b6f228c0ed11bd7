import { base58 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { seeded } from '../../tests/support/random'
import { readVectors } from '../../tests/support/vectors'
import * as Base58 from './Base58'
import { bytesToHex, hexToBytes } from './hex'

describe('Base58 vectors (Bitcoin)', () => {
  const vectors = readVectors<[string, string][]>('base58/base58_encode_decode.json')
  it.each(vectors)('%s <-> %s', (hex, text) => {
    const bytes = hexToBytes(`0x${hex}`)
    expect(Base58.encode(bytes)).toBe(text)
    expect(bytesToHex(Base58.decode(text))).toBe(`0x${hex.toLowerCase()}`)
  })
})

describe('Base58 differential against @scure/base', () => {
  it('encodes and decodes 3000 random byte strings (with leading zeros) the same, singly and in batches', () => {
    const r = seeded(58_58)
    const list = Array.from({ length: 3000 }, () => {
      const bytes = r.bytes(r.pick([0, 1, 5, 32, 32, 64, r.int(100)]))
      for (let i = 0; i < r.int(4) && i < bytes.length; i++) bytes[i] = 0
      return bytes
    })
    const texts = list.map((b) => base58.encode(b))
    expect(list.map((b) => Base58.encode(b))).toEqual(texts)
    expect(Base58.encodeMany(list)).toEqual(texts)
    expect(texts.map((t) => Base58.decode(t))).toEqual(list)
    expect(Base58.decodeMany(texts)).toEqual(list)
  })
})

describe('Base58 errors', () => {
  it('names the first character outside the alphabet and where it is', () => {
    expect(() => Base58.decode('abc0def')).toThrow('Invalid base58 character "0" at position 3.')
    expect(() => Base58.decode('I')).toThrow(Base58.InvalidCharacterError)
    expect(() => Base58.decodeMany(['abc', 'xyzO'])).toThrow('Invalid base58 character "O" at position 3 of item 1.')
    expect(() => Base58.decodeMany(['ab\nc'])).toThrow('Invalid base58 character "\\n" at position 2 of item 0.')
    expect(() => Base58.encode('abc' as unknown as Uint8Array)).toThrow('Invalid base58 input: encode takes a Uint8Array.')
  })

  it('names a non-ASCII character in a text under the cap in characters but over it in bytes', () => {
    // 8192 characters, 8193 bytes of UTF-8: the byte cap trips in WASM, and the é is still the one named.
    const text = `${'z'.repeat(8191)}é`
    expect(() => Base58.decode(text)).toThrow('Invalid base58 character "é" at position 8191.')
    expect(() => Base58.decodeMany(['2g', text])).toThrow('Invalid base58 character "é" at position 8191 of item 1.')
  })

  it('returns decoded bytes that later calls do not change (copies, not views of WASM memory)', () => {
    const first = Base58.decodeMany(['2g', '112g'])
    Base58.decodeMany(['zzzz', 'zzzzzzzz'])
    Base58.encodeMany([new Uint8Array(64).fill(9)])
    expect(first).toEqual([Uint8Array.of(0x61), Uint8Array.of(0, 0, 0x61)])
    expect(first[0]!.buffer).not.toBe(first[1]!.buffer)
  })

  it('handles empty inputs and lists', () => {
    expect(Base58.encode(new Uint8Array())).toBe('')
    expect(Base58.decode('')).toEqual(new Uint8Array())
    expect(Base58.encodeMany([])).toEqual([])
    expect(Base58.decodeMany([])).toEqual([])
  })
})

describe('Base58: edges a fuzzer found (regressions)', () => {
  it('refuses text longer than MAX_TEXT_LENGTH and bytes longer than MAX_BYTES at once, instead of blocking', () => {
    const start = performance.now()
    expect(() => Base58.decode('z'.repeat(1 << 20))).toThrow(
      'Base58 text of 1048576 characters is longer than the base58 limit of 8192 characters (base58 work grows with the square of the length).',
    )
    expect(() => Base58.encode(new Uint8Array(256 * 1024).fill(7))).toThrow(
      'Byte string of 262144 bytes is longer than the base58 limit of 5000 bytes (base58 work grows with the square of the length).',
    )
    expect(() => Base58.decodeMany(['2g', 'z'.repeat(8193)])).toThrow('Item 1: Base58 text of 8193 characters')
    expect(() => Base58.encodeMany([new Uint8Array(1), new Uint8Array(5001)])).toThrow(Base58.TooLongError)
    expect(performance.now() - start).toBeLessThan(200)
  })

  it('takes everything up to the limits, and the largest byte string round-trips', () => {
    const most = new Uint8Array(Base58.MAX_BYTES).fill(0xff)
    const text = Base58.encode(most)
    expect(text.length).toBeLessThanOrEqual(Base58.MAX_TEXT_LENGTH)
    expect(Base58.decode(text)).toEqual(most)
    const longest = 'z'.repeat(Base58.MAX_TEXT_LENGTH)
    expect(Base58.encode(Base58.decode(longest).subarray(0, Base58.MAX_BYTES))).toBeTypeOf('string')
    expect(Base58.decode(longest).length).toBe(5999) // ⌈8192 · log₂ 58 / 8⌉: past MAX_BYTES, which caps encoding only
  })

  it.each([100, 150, 999, 1000, 123_456])('decodeMany blames the right item at index %i', (index) => {
    const list = Array.from({ length: index + 5 }, () => '2g')
    list[index] = 'ab0c'
    let caught: Base58.InvalidCharacterError | undefined
    try {
      Base58.decodeMany(list)
    } catch (error) {
      caught = error as Base58.InvalidCharacterError
    }
    expect(caught?.shortMessage).toBe(`Invalid base58 character "0" at position 2 of item ${index}.`)
    expect(caught?.index).toBe(index)
    expect(caught?.position).toBe(2)
  })
})

