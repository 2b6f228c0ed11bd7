import { describe, expect, it } from 'vitest'
import { APP_EVENT_PREFIX } from './frameEvents'
import { parseAppMessage, SUCCESS_PAYLOADS } from './frameSchemas'

const message = (payload: unknown) => ({ type: `${APP_EVENT_PREFIX}GET_GAS_PAYER`, id: 'abcdef0123456789', payload })
const call = { to: '0x000000000000000000000000000000000000bEEF', value: '0x2386f26fc10000' }

describe('GET_GAS_PAYER messages', () => {
  it('the frame reads the calls of a preview', () => {
    const parsed = parseAppMessage(message({ chainId: 31337, calls: [call, { ...call, data: '0xa9059cbb' }] }))
    expect(parsed).toMatchObject({ ok: true, message: { name: 'GET_GAS_PAYER', payload: { chainId: 31337, calls: [call, { ...call, data: '0xa9059cbb' }] } } })
  })

  it('refuses what an app could slip in: no calls, too many, a bad address, odd data, a decimal value, extra fields', () => {
    const refused = [
      { chainId: 31337, calls: [] },
      { chainId: 31337, calls: Array.from({ length: 21 }, () => call) },
      { chainId: 31337, calls: [{ ...call, to: '0xbeef' }] },
      { chainId: 31337, calls: [{ ...call, data: '0xabc' }] },
      { chainId: 31337, calls: [{ ...call, value: '10000' }] },
      { chainId: 31337, calls: [{ ...call, from: call.to }] },
      { calls: [call] },
    ]
    for (const payload of refused) expect(parseAppMessage(message(payload))).toMatchObject({ ok: false, reason: expect.stringContaining('GET_GAS_PAYER') })
  })

  it('the app reads the answer: sponsored, or the account with its most cost and the reason', () => {
    expect(SUCCESS_PAYLOADS.GET_GAS_PAYER.parse({ sponsored: true })).toEqual({ sponsored: true })
    expect(SUCCESS_PAYLOADS.GET_GAS_PAYER.parse({ sponsored: false, maxCost: '325168159834280', reason: 'over the cap' })).toMatchObject({ maxCost: '325168159834280' })
    expect(SUCCESS_PAYLOADS.GET_GAS_PAYER.safeParse({ sponsored: false, maxCost: '-1', reason: 'x' }).success).toBe(false)
    expect(SUCCESS_PAYLOADS.GET_GAS_PAYER.safeParse({ sponsored: true, maxCost: '1' }).success).toBe(false)
  })
})
