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
    expect(() => Base58.decodeMany(['abc', 'xyzO'])).toThrow('Invalid base58 character "O" at position 3.')
    expect(() => Base58.decodeMany(['ab\nc'])).toThrow('Invalid base58 character "\\n" at position 2.')
    expect(() => Base58.encode('abc' as unknown as Uint8Array)).toThrow('Invalid base58 input: encode takes a Uint8Array.')
  })

  it('handles empty inputs and lists', () => {
    expect(Base58.encode(new Uint8Array())).toBe('')
    expect(Base58.decode('')).toEqual(new Uint8Array())
    expect(Base58.encodeMany([])).toEqual([])
    expect(Base58.decodeMany([])).toEqual([])
  })
})
