import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { variantsOf } from '../../tests/support/variantsOf'
import { storedSiwxSessionsShape } from './siwxStorage'

describe('storedSiwxSessionsShape', () => {
  it('keeps and drops stored sessions as the zod schema it replaced did', () => {
    const zodSessions = z.array(
      z.object({
        id: z.string(),
        caipAddress: z.string(),
        message: z.string(),
        signature: z.string(),
        createdAt: z.number(),
        expiresAt: z.nullable(z.number()),
        token: z.optional(z.string()),
      }),
    )
    const session = { id: 's1', caipAddress: 'eip155:1:0xA1', message: 'app.example wants you to sign in', signature: '0x01', createdAt: 1, expiresAt: null, token: 't' }
    let rejected = 0
    for (const value of variantsOf([session, { ...session, id: 's2', expiresAt: 2 }])) {
      const expected = zodSessions.safeParse(value)
      const actual = storedSiwxSessionsShape.safeParse(value)
      expect(actual.success).toBe(expected.success)
      if (expected.success && actual.success) expect(actual.data).toStrictEqual(expected.data)
      if (!expected.success) rejected++
    }
    expect(rejected).toBeGreaterThan(200)
  })
})
