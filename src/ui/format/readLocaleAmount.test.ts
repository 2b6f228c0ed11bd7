import { describe, expect, it } from 'vitest'
import { localeAmountText, readLocaleAmount } from './readLocaleAmount'

describe('readLocaleAmount', () => {
  it('de: a comma is the decimal point, dots group thousands; a lone dot with three digits after is ambiguous', () => {
    expect(readLocaleAmount('1,5', 'de')).toEqual({ amount: '1.5' })
    expect(readLocaleAmount(' 0,001 ', 'de')).toEqual({ amount: '0.001' })
    expect(readLocaleAmount('1.234,56', 'de')).toEqual({ amount: '1234.56' })
    expect(readLocaleAmount('1.234.567', 'de')).toEqual({ amount: '1234567' })
    expect(readLocaleAmount('1.5', 'de')).toEqual({ amount: '1.5' })
    expect(readLocaleAmount('0.125', 'de')).toEqual({ amount: '0.125' })
    expect(readLocaleAmount('1.234', 'de')).toEqual({ ambiguous: { grouped: '1234', decimal: '1.234' } })
    // Not numbers in German: left as typed for the form's own check.
    expect(readLocaleAmount('1,2,3', 'de')).toEqual({ amount: '1,2,3' })
    expect(readLocaleAmount('12.34,5', 'de')).toEqual({ amount: '12.34,5' })
    expect(readLocaleAmount('1,234.5', 'de')).toEqual({ amount: '1,234.5' })
    expect(readLocaleAmount('abc', 'de')).toEqual({ amount: 'abc' })
  })

  it('fr: a comma is the decimal point, spaces (plain, no-break, narrow no-break) group thousands', () => {
    expect(readLocaleAmount('2,75', 'fr')).toEqual({ amount: '2.75' })
    expect(readLocaleAmount('1 234,5', 'fr')).toEqual({ amount: '1234.5' })
    expect(readLocaleAmount('1\u202f234\u202f567,25', 'fr')).toEqual({ amount: '1234567.25' })
    expect(readLocaleAmount('1\u00a0234', 'fr')).toEqual({ amount: '1234' })
    expect(readLocaleAmount('12 34', 'fr')).toEqual({ amount: '12 34' })
    expect(readLocaleAmount('0.5', 'fr')).toEqual({ amount: '0.5' })
    expect(readLocaleAmount('3.500', 'fr')).toEqual({ ambiguous: { grouped: '3500', decimal: '3.500' } })
  })

  it('ar: Arabic-Indic digits with the Arabic decimal and thousands signs, and Latin digits as typed on another keyboard', () => {
    expect(readLocaleAmount('١٫٥', 'ar')).toEqual({ amount: '1.5' })
    expect(readLocaleAmount('١٬٢٣٤٫٥', 'ar')).toEqual({ amount: '1234.5' })
    expect(readLocaleAmount('۲٫۵', 'ar')).toEqual({ amount: '2.5' })
    expect(readLocaleAmount('0.25', 'ar')).toEqual({ amount: '0.25' })
    expect(readLocaleAmount('١٬٢٣٤', 'ar')).toEqual({ ambiguous: { grouped: '1234', decimal: '1.234' } })
  })

  it('hi: lakh grouping (12,34,567.5) as well as thousands, Devanagari digits', () => {
    expect(readLocaleAmount('12,34,567.5', 'hi')).toEqual({ amount: '1234567.5' })
    expect(readLocaleAmount('1,23,456', 'hi')).toEqual({ amount: '123456' })
    expect(readLocaleAmount('1,234,567', 'hi')).toEqual({ amount: '1234567' })
    expect(readLocaleAmount('१.५', 'hi')).toEqual({ amount: '1.5' })
    expect(readLocaleAmount('0,5', 'hi')).toEqual({ amount: '0.5' })
    expect(readLocaleAmount('1,234', 'hi')).toEqual({ ambiguous: { grouped: '1234', decimal: '1.234' } })
    expect(readLocaleAmount('1,2,34', 'hi')).toEqual({ amount: '1,2,34' })
    // Lakh grouping is Hindi's, not English's.
    expect(readLocaleAmount('1,23,456', 'en')).toEqual({ amount: '1,23,456' })
  })

  it('writes a plain amount with the locale decimal separator (what Max fills in)', () => {
    expect(localeAmountText('0.25', 'de')).toBe('0,25')
    expect(localeAmountText('0.25', 'fr')).toBe('0,25')
    expect(localeAmountText('0.25', 'hi')).toBe('0.25')
    expect(readLocaleAmount(localeAmountText('1.234', 'de'), 'de')).toEqual({ amount: '1.234' })
  })
})
