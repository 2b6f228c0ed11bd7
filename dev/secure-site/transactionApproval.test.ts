import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import { signPrepared } from './transactionApproval'

const account = privateKeyToAccount(hardhatDevPrivateKeys[1]!)
const base = { chainId: 31337, nonce: 0, gas: 21_000n, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1n, to: '0x000000000000000000000000000000000000ab01' as const, data: '0x' as const }

describe('signPrepared (the secure site signs what it showed, and checks it)', () => {
  it('signs a transaction without value (a token call, a zero transfer) as well as one with value', async () => {
    // A zero value is an empty RLP field, which the parser leaves out: it must still count as 0.
    for (const value of [0n, 1n, 10n ** 18n]) {
      const signed = await signPrepared(account, { transaction: { ...base, value }, details: [], maxFee: 0n })
      expect(signed).toBe(await account.signTransaction({ type: 'eip1559', ...base, value, accessList: [] }))
    }
    const call = { ...base, value: 0n, data: '0xa9059cbb000000000000000000000000000000000000000000000000000000000000ab0200000000000000000000000000000000000000000000000000000000000000ff' as const }
    expect(await signPrepared(account, { transaction: call, details: [], maxFee: 0n })).toMatch(/^0x02/)
  })
})
