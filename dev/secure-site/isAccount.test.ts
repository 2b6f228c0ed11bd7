import { describe, expect, it } from 'vitest'
import { isAccount } from './isAccount'

const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('isAccount', () => {
  it('matches the account in any case, and never throws on anything else', () => {
    expect(isAccount(account.toLowerCase(), account)).toBe(true)
    expect(isAccount(account.toUpperCase().replace('0X', '0x'), account)).toBe(true)
    expect(isAccount('0x000000000000000000000000000000000000dEaD', account)).toBe(false)
    for (const value of ['me', '', undefined, null, 42, {}, `${account}00`, account.slice(2)]) expect(isAccount(value, account)).toBe(false)
  })
})
