import { beforeAll, describe, expect, it } from 'vitest'
import { seeded } from '../../tests/support/random'
import { InvalidHexError } from './hex'
import { init } from './index'
import { readHex } from './readHex'

beforeAll(async () => {
  await init()
})

describe('readHex', () => {
  it('decodes texts around the WASM threshold (64 bytes) and long ones to the bytes Buffer reads, either case', () => {
    const r = seeded(18)
    for (const size of [0, 1, 63, 64, 65, 182, 2047, 2048, 2049, 131_072]) {
      const bytes = r.bytes(size)
      const text = `0x${Buffer.from(bytes).toString('hex')}`
      expect(readHex(text)).toEqual(bytes)
      expect(readHex(`0x${text.slice(2).toUpperCase()}`)).toEqual(bytes)
    }
  })

  it('refuses what hexToBytes refuses, with its error', () => {
    const digits = 'ab'.repeat(3000)
    for (const bad of ['0x' + 'ab'.repeat(70) + 'zz', '0x' + 'ab'.repeat(70) + 'é0', `0x${digits}0`, `0X${digits}`, `${digits}00`, `0x${digits.slice(2)}zz`, `0x${digits.slice(4)}é0`, `0x${digits.slice(2)}€`]) {
      expect(() => readHex(bad)).toThrow(InvalidHexError)
    }
  })
})
