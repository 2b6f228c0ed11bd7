import { describe, expect, it } from 'vitest'
import { Address, init, Solana, type SolanaMessage } from '../../src/core/index'

/** The Solana part of `portico/core` in a real Chromium, after the WASM loads by URL. */
describe('Solana in the browser', () => {
  it('serializes, parses and describes a transfer, and checks keys against the curve', async () => {
    await init('solana')
    const payer = 'AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9'
    const to = '9hSR6S7WPtxmTojgo6GG3k4yDPecgJY292j7xrsUGWBu'
    const lamports = Uint8Array.of(2, 0, 0, 0, 0x40, 0x42, 0x0f, 0, 0, 0, 0, 0) // transfer 1 000 000
    const message: SolanaMessage = {
      version: 0,
      header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
      accountKeys: [payer, to, '11111111111111111111111111111111'],
      recentBlockhash: 'cGfHiC6Kgg3FpFZvgwGcswsCRtp4aBP2fzuXRQPizuN',
      instructions: [{ programIdIndex: 2, accounts: [0, 1], data: lamports }],
      addressTableLookups: [],
    }
    const bytes = Solana.serializeMessage(message)
    expect(Solana.parseMessage(bytes)).toEqual(message)
    const tx = Uint8Array.of(1, ...new Uint8Array(64).fill(7), ...bytes)
    expect(Solana.parseTransaction(tx)).toEqual({ signatures: [new Uint8Array(64).fill(7)], message })
    expect(Solana.describe(message)).toEqual([{ kind: 'systemTransfer', from: payer, to, lamports: 1_000_000n }])
    expect(() => Solana.parseMessage(bytes.subarray(0, 40))).toThrow(Solana.TruncatedError)
    expect(Address.isOnCurve(payer)).toBe(true)
    expect(Address.isOnCurve('Co24yjRpSdUBaycV24uZe9j7PnAqVmdiTrHqesV5U4XT')).toBe(false)
  })
})
