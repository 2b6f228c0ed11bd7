import { describe, expect, it } from 'vitest'
import { formatBalance, formatTokenValue } from './formatBalance'
import { formatRelativeDate } from './formatRelativeDate'
import { truncateAddress, truncateEmail } from './truncate'

describe('formatBalance', () => {
  it('cuts to 3 decimals and defaults to 0.000', () => {
    expect(formatBalance('1.23456')).toBe('1.234')
    expect(formatBalance('1.9999')).toBe('1.999')
    expect(formatBalance('12')).toBe('12.000')
    expect(formatBalance(undefined)).toBe('0.000')
    expect(formatBalance('')).toBe('0.000')
    expect(formatBalance('abc')).toBe('0.000')
    expect(formatBalance(0.5)).toBe('0.500')
  })
  it('gives token values 2 decimals', () => {
    expect(formatTokenValue('12.3456')).toBe('12.34')
    expect(formatTokenValue(undefined)).toBe('0.00')
  })
})

describe('truncate', () => {
  it('keeps emails of 30 characters and cuts longer ones to 30', () => {
    const thirty = 'abcdefghijklmnopqr@example.com'
    expect(thirty).toHaveLength(30)
    expect(truncateEmail(thirty)).toBe(thirty)
    const long = 'abcdefghijklmnopqrs@example.com'
    expect(truncateEmail(long)).toHaveLength(30)
    expect(truncateEmail(long)).toMatch(/…@example\.com$/)
  })
  it('shortens addresses', () => {
    expect(truncateAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678')
  })
})

describe('formatRelativeDate', () => {
  const now = Date.UTC(2026, 5, 15)
  it.each([
    [5_000, '5 sec ago'],
    [90_000, '1 min ago'],
    [3 * 3_600_000, '3 hr ago'],
    [2 * 86_400_000, '2 d ago'],
    [65 * 86_400_000, '2 mo ago'],
    [800 * 86_400_000, '2 yr ago'],
  ])('%i ms ago is %s', (ago, text) => {
    expect(formatRelativeDate(now - ago, now)).toBe(text)
  })
})
