import { describe, expect, it } from 'vitest'
import { seeded } from '../../tests/support/random'
import { bytesToHex, hexToBytes, InvalidHexError } from './hex'

describe('hex', () => {
  it('round-trips random bytes, and reads either case', () => {
    const r = seeded(16)
    for (let i = 0; i < 500; i++) {
      const bytes = r.bytes(r.int(80))
      const text = bytesToHex(bytes)
      expect(text).toBe(`0x${Buffer.from(bytes).toString('hex')}`)
      expect(hexToBytes(text)).toEqual(bytes)
      expect(hexToBytes(text.toUpperCase().replace('0X', '0x'))).toEqual(bytes)
    }
    expect(hexToBytes('0x')).toEqual(new Uint8Array())
  })

  it('writes long inputs (the buffered path past 512 bytes) the same, from any offset', () => {
    const r = seeded(17)
    const blob = r.bytes(131_072 + 3)
    for (const bytes of [blob.subarray(0, 512), blob.subarray(1, 514), blob.subarray(3), blob]) {
      expect(bytesToHex(bytes)).toBe(`0x${Buffer.from(bytes).toString('hex')}`)
    }
  })

  it.each(['', '0x1', 'ab', '0X00', '0xzz', '0x0g', '0x 0', 42])('rejects %j with a clear error', (value) => {
    expect(() => hexToBytes(value as string)).toThrow(InvalidHexError)
    expect(() => hexToBytes(value as string)).toThrow(`Invalid hex: ${JSON.stringify(String(value))}`)
  })
})
