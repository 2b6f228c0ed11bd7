import { describe, expect, it } from 'vitest'
import { sendCallsBatch, waitForCallsBatch } from './walletCallsBatch'
import { WalletError } from './walletErrors'

const HASH = `0x${'ab'.repeat(32)}` as const
const batch = { from: '0x000000000000000000000000000000000000a11c', chainId: 31337, calls: [{ to: '0x000000000000000000000000000000000000b0b0', value: 10n, data: '0x' }] } as const

/** A wallet that answers `wallet_getCallsStatus` with `statuses`, one a call (the last one repeats). */
function walletAnswering(statuses: number[]) {
  const asked: [string, unknown[]][] = []
  let index = 0
  const request = async (method: string, params: unknown[]) => {
    asked.push([method, params])
    const status = statuses[Math.min(index++, statuses.length - 1)]
    return { status, receipts: status === 100 ? [] : [{ transactionHash: HASH }] }
  }
  return { request, asked }
}

describe('sendCallsBatch', () => {
  it('asks for an atomic EIP-5792 batch with hex values and chain id, and resolves its id', async () => {
    const asked: unknown[] = []
    const id = await sendCallsBatch(async (method, params) => (asked.push(method, params), { id: 'batch-1' }), batch)
    expect(id).toBe('batch-1')
    expect(asked).toEqual(['wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: batch.from, atomicRequired: true, calls: [{ to: batch.calls[0].to, value: '0xa', data: '0x' }] }]])
  })

  it("keeps the wallet's words for a refusal, says a rejection in the wallet's code, and refuses an answer without an id", async () => {
    const refused = sendCallsBatch(async () => { throw Object.assign(new Error('The bundler refused the operation: UserOperation reverted during simulation'), { code: -32521 }) }, batch)
    await expect(refused).rejects.toMatchObject({ name: 'WalletError', shortMessage: 'The bundler refused the operation: UserOperation reverted during simulation' })
    const rejected = sendCallsBatch(async () => { throw Object.assign(new Error('User rejected'), { code: 4001 }) }, batch)
    await expect(rejected).rejects.toMatchObject({ errorCode: 'requestRejected', shortMessage: 'Request rejected' })
    await expect(sendCallsBatch(async () => ({}), batch)).rejects.toThrow(new WalletError('The wallet gave no id for the calls it sent.'))
  })
})

describe('waitForCallsBatch', () => {
  it('polls while pending (100) and resolves success with the transaction at 200', async () => {
    const wallet = walletAnswering([100, 100, 200])
    expect(await waitForCallsBatch(wallet.request, 'batch-1', 10_000)).toEqual({ status: 'success', hash: HASH })
    expect(wallet.asked).toEqual([['wallet_getCallsStatus', ['batch-1']], ['wallet_getCallsStatus', ['batch-1']], ['wallet_getCallsStatus', ['batch-1']]])
  })

  it.each([400, 500])('%i: nothing applied, said as reverted', async (status) => {
    expect(await waitForCallsBatch(walletAnswering([status]).request, 'b', 10_000)).toEqual({ status: 'reverted', hash: HASH })
  })

  it('600 (partly applied) and a batch still pending at the deadline are errors, not hangs', async () => {
    await expect(waitForCallsBatch(walletAnswering([600]).request, 'b', 10_000)).rejects.toThrow('The wallet applied only some of the calls of b.')
    await expect(waitForCallsBatch(walletAnswering([100]).request, 'b', 0)).rejects.toThrow('The calls b were not mined within 0 minutes.')
  })
})
