import { describe, expect, it } from 'vitest'
import { EMAIL_MAX_LENGTH, isEmailAddress } from './emailAddress'

describe('isEmailAddress', () => {
  it('accepts an address, with the spaces around it ignored', () => {
    expect(isEmailAddress('ada@example.org')).toBe(true)
    expect(isEmailAddress('  ada@example.org ')).toBe(true)
  })

  it.each(['', 'ada', 'ada@example', '@example.org', 'ada@@example.org', 'a da@example.org', 'ada@exa mple.org'])('refuses %j', (text) => {
    expect(isEmailAddress(text)).toBe(false)
  })

  it(`refuses an address longer than ${EMAIL_MAX_LENGTH} characters`, () => {
    const local = 'a'.repeat(EMAIL_MAX_LENGTH - '@example.org'.length)
    expect(isEmailAddress(`${local}@example.org`)).toBe(true)
    expect(isEmailAddress(`a${local}@example.org`)).toBe(false)
  })
})
