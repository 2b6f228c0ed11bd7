import { describe, expect, it } from 'vitest'
import { formatRelativeDate } from './formatRelativeDate'
import { formatLocaleAmount, formatLocaleBalance, formatLocaleCount, formatLocaleFiat } from './formatLocaleNumber'

describe('formatLocaleBalance', () => {
  it('keeps the 3-decimal cut (never rounds up) in every locale', () => {
    expect(formatLocaleBalance('1234.56789', 'en')).toBe('1234.567')
    expect(formatLocaleBalance('1234.56789', 'de')).toBe('1234,567')
    expect(formatLocaleBalance('1234.56789', 'fr')).toBe('1234,567')
    expect(formatLocaleBalance('0.9999', 'ja')).toBe('0.999')
    expect(formatLocaleBalance(undefined, 'ru')).toBe('0,000')
    expect(formatLocaleBalance('123456789012345678901.9999', 'de')).toBe('123456789012345678901,999')
  })

  it('writes the locale’s own digits where it has them', () => {
    const arabic = new Intl.NumberFormat('ar').format(1.5)
    const expected = arabic === '1.5' ? '12.500' : '١٢٫٥٠٠'
    expect(formatLocaleBalance('12.5', 'ar')).toBe(expected)
  })
})

describe('formatLocaleAmount', () => {
  it('keeps every digit of an exact amount, only the decimal sign changes', () => {
    expect(formatLocaleAmount('0.000000000000000001', 'de')).toBe('0,000000000000000001')
    expect(formatLocaleAmount('21000', 'es')).toBe('21000')
    expect(formatLocaleAmount('1.5', 'en')).toBe('1.5')
  })
})

describe('formatLocaleFiat', () => {
  it('writes US dollars cut to 2 decimals in the locale’s currency format', () => {
    expect(formatLocaleFiat(12.3456, 'en')).toBe('$12.34')
    expect(formatLocaleFiat(12.3456, 'de')).toBe(new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(12.34))
    expect(formatLocaleFiat(12.3456, 'de')).toMatch(/^12,34\s\$$/)
    expect(formatLocaleFiat('1999.999', 'ja')).toBe(new Intl.NumberFormat('ja', { style: 'currency', currency: 'USD', useGrouping: false }).format(1999.99))
  })
})

describe('formatLocaleCount', () => {
  it('groups and localizes a count', () => {
    expect(formatLocaleCount(1234, 'de')).toBe('1.234')
    expect(formatLocaleCount(1234, 'en')).toBe('1,234')
  })
})

describe('formatRelativeDate in a locale', () => {
  const now = Date.UTC(2026, 5, 15)
  it('keeps the seed’s English words and uses Intl.RelativeTimeFormat elsewhere', () => {
    expect(formatRelativeDate(now - 90_000, now, 'en')).toBe('1 min ago')
    expect(formatRelativeDate(now - 90_000, now, 'de')).toBe(new Intl.RelativeTimeFormat('de', { style: 'short' }).format(-1, 'minute'))
    expect(formatRelativeDate(now - 3 * 86_400_000, now, 'ja')).toBe('3 日前')
    expect(formatRelativeDate(now - 2 * 3_600_000, now, 'es')).toMatch(/2 h/)
  })
})
