import { describe, expect, it } from 'vitest'
import { Address, Base58, Caip, init, isReady, NotInitializedError, Rlp, Transaction } from '../../src/core/index'

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
})
