import { keccak_256 } from '@noble/hashes/sha3.js'
import { describe, expect, it } from 'vitest'
import { seeded } from '../../tests/support/random'
import * as Hash from './Hash'
import { bytesToHex } from './hex'

describe('Hash.keccak256', () => {
  it('is Ethereum keccak (not SHA3) on the empty input', () => {
    expect(bytesToHex(Hash.keccak256(new Uint8Array()))).toBe('0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470')
  })

  it('matches @noble/hashes on 2000 random inputs around the 136-byte rate', () => {
    const r = seeded(0x6b)
    for (let i = 0; i < 2000; i++) {
      const input = r.bytes(r.pick([0, 1, 31, 32, 135, 136, 137, 271, 272, 273, r.int(5000)]))
      expect(Hash.keccak256(input)).toEqual(keccak_256(input))
    }
  })

  it('returns a copy that later calls do not overwrite', () => {
    const first = Hash.keccak256(Uint8Array.of(1))
    const snapshot = first.slice()
    Hash.keccak256(Uint8Array.of(2))
    expect(first).toEqual(snapshot)
    expect(() => Hash.keccak256('abc' as unknown as Uint8Array)).toThrow('keccak256 takes a Uint8Array.')
  })
})

describe('WASM memory after large inputs', () => {
  it('reuses the space a 16 MiB input took instead of growing again (linear memory cannot shrink)', async () => {
    const { evm } = await import('./wasmEvm')
    const big = new Uint8Array(16 << 20).fill(1)
    Hash.keccak256(big)
    const peak = evm.memory().buffer.byteLength
    Hash.keccak256(new Uint8Array(32)) // a small call releases the large scratch buffer
    Hash.keccak256(big)
    Hash.keccak256(new Uint8Array(32))
    Hash.keccak256(big)
    expect(evm.memory().buffer.byteLength).toBe(peak)
  })
})
