import { describe, expect, it } from 'vitest'
import { Address, Bitcoin, init, isReady, NotInitializedError } from '../../src/core/index'

// The dev server serves each module as a request of its own: past the browser's default 250
// resource entries, the ones these tests look for would be dropped.
performance.setResourceTimingBufferSize(10_000)

const bitcoinWasmFetched = () => performance.getEntriesByType('resource').some((e) => e.name.includes('portico_wasm_bitcoin_bg.wasm'))

/** The Bitcoin part of `portico/core` in a real Chromium: its own module, fetched only when asked for. */
describe('Bitcoin in the browser', () => {
  it('is not fetched by an EVM-only use of the core, and works once init(\'bitcoin\') has loaded it', async () => {
    await init()
    expect(Address.checksum('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')).toBe('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')
    expect(isReady('bitcoin')).toBe(false)
    expect(bitcoinWasmFetched()).toBe(false)
    expect(() => Bitcoin.checkAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', 'regtest')).toThrowError(NotInitializedError)
    expect(() => Bitcoin.checkAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', 'regtest')).toThrowError("call `await init('bitcoin')`")

    await init('bitcoin')
    expect(bitcoinWasmFetched()).toBe(true)
    expect(Bitcoin.checkAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', 'regtest').type).toBe('p2wpkh')
    // A v0 PSBT with no inputs and no outputs (BIP-174's smallest valid one).
    const psbt = Uint8Array.of(0x70, 0x73, 0x62, 0x74, 0xff, 0x01, 0x00, 0x0a, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x00)
    expect(Bitcoin.parsePsbt(psbt)).toMatchObject({ version: 0, txVersion: 2, inputs: [], outputs: [] })
    expect(() => Bitcoin.parsePsbt(psbt.subarray(0, 10))).toThrowError(Bitcoin.InvalidPsbtError)
  })
})
