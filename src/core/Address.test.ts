import { PublicKey } from '@solana/web3.js'
import { getAddress, isAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { base58 } from '@scure/base'
import { ed25519 } from '@noble/curves/ed25519'
import { seeded } from '../../tests/support/random'
import { readVectors } from '../../tests/support/vectors'
import * as Address from './Address'
import { bytesToHex } from './hex'

describe('EIP-55 vectors', () => {
  const vectors = readVectors<string[]>('eip55/checksummed.json')
  it.each(vectors)('%s', (address) => {
    expect(Address.checksum(address.toLowerCase())).toBe(address)
    expect(Address.checksum(address.slice(2).toUpperCase())).toBe(address)
    expect(Address.isChecksumValid(address)).toBe(true)
    expect(Address.isEvm(address, { strict: true })).toBe(true)
  })
})

describe('Address differential against viem', () => {
  it('checksums 3000 random addresses like getAddress, one by one and in a batch', () => {
    const r = seeded(55)
    const addresses = Array.from({ length: 3000 }, () => bytesToHex(r.bytes(20)))
    const expected = addresses.map((a) => getAddress(a))
    expect(addresses.map((a) => Address.checksum(a))).toEqual(expected)
    expect(Address.checksumMany(addresses)).toEqual(expected)
  })

  it('agrees with isAddress (strict and not) on 3000 random near-addresses', () => {
    const r = seeded(56)
    const alphabet = '0123456789abcdefABCDEFxg'
    const values = Array.from({ length: 3000 }, () => {
      const body = getAddress(bytesToHex(r.bytes(20))).slice(2)
      const mutated = r.next() < 0.3 ? body.replace(/./, () => r.pick([...alphabet])) : body
      const sized = r.next() < 0.1 ? mutated.slice(1) : mutated
      return (r.next() < 0.9 ? '0x' : '') + (r.next() < 0.3 ? sized.toLowerCase() : sized)
    })
    for (const strict of [true, false]) {
      // viem's non-strict form still needs 0x; ours accepts 40 hex digits without it too.
      const expected = values.map((v) => isAddress(v, { strict }) || (!strict && isAddress(`0x${v}`, { strict: false })))
      expect(values.map((v) => Address.isEvm(v, { strict }))).toEqual(expected)
      expect(Address.isEvmMany(values, { strict })).toEqual(expected)
    }
  })
})

describe('Address rules', () => {
  it('non-strict: 40 hex with optional 0x; strict: 0x and a matching checksum when mixed case', () => {
    const lower = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'
    expect(Address.isEvm(lower.slice(2))).toBe(true)
    expect(Address.isEvm(lower.slice(2), { strict: true })).toBe(false)
    expect(Address.isEvm('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046', { strict: true })).toBe(false)
    expect(Address.isEvm('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046')).toBe(true)
    expect(Address.isEvm(lower + '0')).toBe(false)
    expect(Address.isEvm(42)).toBe(false)
    expect(Address.isEvmMany(['0x\n', lower, null])).toEqual([false, true, false])
  })

  it('throws a clear error for an invalid address', () => {
    expect(() => Address.checksum('0x1234')).toThrow(Address.InvalidAddressError)
    expect(() => Address.checksum('0x1234')).toThrow('Address "0x1234" is invalid.')
    expect(() => Address.checksumMany(['0xd8da6bf26964af9d7eed9e03e53415d37aa96045', 'nope'])).toThrow('Address "nope" is invalid.')
    expect(() => Address.assertEvm('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046', { strict: true })).toThrow(
      'Address "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046" is invalid.\n\nDetails: Its mixed case does not match its EIP-55 checksum.',
    )
  })

  it('Solana: 32–44 base58 characters decoding to a 32-byte key, like PublicKey', () => {
    const r = seeded(58)
    for (let i = 0; i < 2000; i++) {
      const key = base58.encode(r.bytes(r.pick([31, 32, 32, 32, 33])))
      const value = r.next() < 0.2 ? key.replace(/./, r.pick(['0', 'O', 'I', 'l', 'A'])) : key
      let expected: boolean
      try {
        expected = new PublicKey(value).toBytes().length === 32 && value.length >= 32 && value.length <= 44 && base58.decode(value).length === 32
      } catch {
        expected = false
      }
      expect(Address.isSolana(value), value).toBe(expected)
    }
    expect(Address.isSolana('11111111111111111111111111111111')).toBe(true)
    expect(Address.isSolana('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')).toBe(false)
    expect(() => Address.assertSolana('abc')).toThrow('Address "abc" is invalid.')
  })
})

describe('Address: non-string input (regressions of a fuzzer\'s findings)', () => {
  const noPrototype = Object.create(null) as unknown
  const throwingToString = { toString: () => { throw new Error('no') } } as unknown
  it.each([
    ['an object with no prototype', noPrototype, '[object with no prototype]'],
    ['an object whose toString throws', throwingToString, '[object that cannot be shown]'],
  ])('refuses %s with Address.InvalidAddressError, never a TypeError', (_, value, shown) => {
    const message = `Address "${shown}" is invalid.`
    for (const call of [
      () => Address.assertEvm(value),
      () => Address.assertEvm(value, { strict: true }),
      () => Address.assertSolana(value),
      () => Address.checksum(value as string),
      () => Address.checksumMany([value as string]),
      () => Address.checksumMany(value as string[]),
      () => Address.isEvmMany(value as unknown[]),
    ]) {
      expect(call).toThrow(Address.InvalidAddressError)
      expect(call).toThrow(message)
    }
    expect(Address.isEvm(value)).toBe(false)
    expect(Address.isSolana(value)).toBe(false)
  })

  it('keeps isSolana cheap on long text: it never crosses into WASM', async () => {
    const { evm } = await import('./wasmEvm')
    expect(Address.isSolana('11111111111111111111111111111111')).toBe(true) // the module is loaded
    // 64 MiB of valid base58: text that went into WASM would grow its memory past that size.
    const long = '1'.repeat(64 << 20)
    for (let i = 0; i < 10; i++) expect(Address.isSolana(long)).toBe(false)
    expect(evm.memory().buffer.byteLength).toBeLessThan(64 << 20)
  })
})


describe('Address.isOnCurve against @noble/curves', () => {
  /** noble's RFC 8032 decoding (its default, and what web3.js `PublicKey.isOnCurve` calls). */
  const nobleOnCurve = (bytes: Uint8Array) => {
    try {
      ed25519.ExtendedPoint.fromHex(bytes)
      return true
    } catch {
      return false
    }
  }
  /** The 32 little-endian bytes of `y`, with the sign bit of x on top. */
  const encode = (y: bigint, sign: boolean) => {
    const bytes = new Uint8Array(32)
    for (let i = 0; i < 32; i++) bytes[i] = Number((y >> BigInt(8 * i)) & 0xffn)
    if (sign) bytes[31]! |= 0x80
    return bytes
  }

  it('agrees on 6000 seeded random keys', () => {
    const r = seeded(0xed25519)
    const keys = Array.from({ length: 6000 }, () => r.bytes(32))
    const agree = keys.map((k) => Address.isOnCurve(base58.encode(k)) === nobleOnCurve(k))
    expect(agree.filter((a) => !a)).toEqual([])
    // Both answers come up (about half the y values have an x).
    const on = keys.filter(nobleOnCurve).length
    expect(on).toBeGreaterThan(2500)
    expect(on).toBeLessThan(3500)
  })

  it('agrees at the edges: y near 0, ±1 and p, values at and past p, both signs', () => {
    const p = 2n ** 255n - 19n
    const ys = [...Array.from({ length: 40 }, (_, i) => BigInt(i)), ...Array.from({ length: 60 }, (_, i) => p - 40n + BigInt(i)), 2n ** 255n - 1n]
    for (const y of ys) {
      for (const sign of [false, true]) {
        const bytes = encode(y, sign)
        expect(Address.isOnCurve(base58.encode(bytes)), `y = ${y}, sign ${sign}`).toBe(nobleOnCurve(bytes))
      }
    }
  })

  it('says yes to wallet keys and no to program-derived addresses', () => {
    const r = seeded(0x9da)
    for (let i = 0; i < 200; i++) {
      expect(Address.isOnCurve(base58.encode(ed25519.getPublicKey(r.bytes(32))))).toBe(true)
      const [pda] = PublicKey.findProgramAddressSync([r.bytes(8)], PublicKey.default)
      expect(Address.isOnCurve(pda.toBase58())).toBe(false)
    }
  })
})
