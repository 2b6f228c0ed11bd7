import { describe, expect, it } from 'vitest'
import type { FrameContext } from './FrameHandler'
import { readSendCalls } from './sendCalls'

const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
// Only the served chains are read from the context here.
const context = { config: { backendUrl: 'http://127.0.0.1:1', rpcUrls: { 31337: 'http://127.0.0.1:2' } } } as unknown as FrameContext
const call = { to: '0x000000000000000000000000000000000000c0a1', value: '0x1' }
const request = (body: Record<string, unknown> = {}) => [{ version: '2.0.0', chainId: '0x7a69', from: account, atomicRequired: false, calls: [call], ...body }]
const refusal = (params: unknown[]) => {
  try {
    readSendCalls(context, params, account)
  } catch (error) {
    return { message: (error as Error).message, code: (error as { code?: string }).code }
  }
  throw new Error('accepted')
}

describe('readSendCalls (wallet_sendCalls requests the secure site accepts)', () => {
  it('reads an EIP-5792 2.0.0 request for a served chain', () => {
    expect(readSendCalls(context, request(), account)).toMatchObject({ chain: 31337, calls: [call], atomicRequired: false })
    expect(readSendCalls(context, request({ from: undefined, capabilities: { paymasterService: { optional: true } } }), account).chain).toBe(31337)
  })

  it('refuses each thing it cannot do with its EIP-5792 code and words', () => {
    expect(refusal([])).toEqual({ code: '-32602', message: 'wallet_sendCalls: expected one object of calls (EIP-5792)' })
    expect(refusal(request({ version: '1.0' }))).toEqual({ code: '-32602', message: 'wallet_sendCalls: version "1.0" is not supported; this wallet speaks EIP-5792 version "2.0.0"' })
    expect(refusal(request({ version: undefined }))).toEqual({ code: '-32602', message: 'wallet_sendCalls: version null is not supported; this wallet speaks EIP-5792 version "2.0.0"' })
    expect(refusal(request({ chainId: 31337 }))).toMatchObject({ code: '-32602', message: expect.stringContaining('chainId') })
    expect(refusal(request({ chainId: '0x1' }))).toEqual({ code: '5710', message: 'wallet_sendCalls: chain 0x1 (1) is not supported by this wallet' })
    expect(refusal(request({ from: '0x000000000000000000000000000000000000dEaD' }))).toMatchObject({ code: '4100' })
    expect(refusal(request({ from: 'me' }))).toMatchObject({ code: '4100' })
    expect(refusal(request({ atomicRequired: true }))).toMatchObject({ code: '5760' })
    expect(refusal(request({ atomicRequired: undefined }))).toMatchObject({ code: '-32602', message: expect.stringContaining('atomicRequired') })
    expect(refusal(request({ capabilities: { paymasterService: { url: 'x' } } }))).toEqual({ code: '5700', message: 'wallet_sendCalls: the capability "paymasterService" is not supported by this wallet' })
    expect(refusal(request({ calls: [{ ...call, capabilities: { auxiliaryFunds: {} } }] }))).toEqual({ code: '5700', message: 'wallet_sendCalls: call 1: the capability "auxiliaryFunds" is not supported by this wallet' })
    expect(refusal(request({ calls: [] }))).toMatchObject({ code: '-32602', message: expect.stringContaining('at least one call') })
    expect(refusal(request({ calls: Array.from({ length: 11 }, () => call) }))).toEqual({ code: '5740', message: 'wallet_sendCalls: 11 calls are more than this wallet sends at once (10)' })
  })
})
