import { describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { Address, Base58, Caip, init, isReady, NotInitializedError, Rlp, Solana, Transaction, UnknownNamespaceError } from '../../src/core/index'

/** The `.wasm` files this page fetched since its resource timings were last cleared. */
function wasmFetched(): string[] {
  return performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname.split('/').pop()!).filter((name) => name.endsWith('.wasm'))
}

/** `portico/core` in a real Chromium: the WASM is fetched by URL, compiled asynchronously. */
describe('portico/core in the browser', () => {
  it('refuses to run before init(), then works after it', async () => {
    expect(isReady()).toBe(false)
    expect(() => Address.checksum('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')).toThrow(NotInitializedError)
    await Promise.all([init(), init()])
    expect(isReady()).toBe(true)
    expect(Address.checksum('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')).toBe('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')
    expect(Rlp.decode(Rlp.encode([Uint8Array.of(1, 2), []]))).toEqual([Uint8Array.of(1, 2), []])
    expect(Base58.decode(Base58.encode(Uint8Array.of(0, 9)))).toEqual(Uint8Array.of(0, 9))
    expect(Caip.parseNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
    expect(Transaction.getType({ maxFeePerGas: 1n })).toBe('eip1559')
  })

  it('fetches the Solana module only when init(\'solana\') asks for it', async () => {
    // The page's own resource timing counts a fetch served from the HTTP cache too (another test
    // file may have fetched the module before); the recorder sees every frame's requests.
    performance.clearResourceTimings()
    performance.setResourceTimingBufferSize(10_000)
    await commands.netRecordStart()
    await init()
    const beforeSolana = await commands.netRecordStop()
    expect(beforeSolana.filter((url) => /portico_wasm_solana_bg\.wasm/.test(url))).toEqual([])
    expect(wasmFetched()).toEqual([]) // the EVM module was loaded by the test before
    expect(isReady('solana')).toBe(false)
    expect(() => Solana.parseMessage(new Uint8Array(40))).toThrow(
      "Portico core's solana module is not loaded yet: call `await init('solana')` from portico/core before using it.",
    )
    expect(() => Address.isOnCurve('AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9')).toThrow(NotInitializedError)
    await expect(init('cosmos' as never)).rejects.toThrow(UnknownNamespaceError)
    await expect(init('cosmos' as never)).rejects.toThrow(/^Portico core has no module for the namespace "cosmos": use one of 'evm', 'solana'/)

    await commands.netRecordStart()
    await init('solana')
    const urls = await commands.netRecordStop()
    expect(urls.filter((url) => url.includes('portico_wasm_evm'))).toEqual([])
    expect(wasmFetched()).toEqual(['portico_wasm_solana_bg.wasm'])
    expect(isReady('solana')).toBe(true)
    expect(Address.isOnCurve('AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9')).toBe(true)
  })
})
