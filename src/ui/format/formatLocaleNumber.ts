import { formatBalance, formatTokenValue } from './formatBalance'

type Symbols = { decimal: string; digits: readonly string[] }
const symbolsCache = new Map<string, Symbols>()

/** The locale's decimal sign and digits, read from `Intl.NumberFormat`. */
function symbols(locale: string): Symbols {
  let found = symbolsCache.get(locale)
  if (!found) {
    const format = new Intl.NumberFormat(locale, { useGrouping: false })
    const decimal = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
    found = { decimal, digits: Array.from({ length: 10 }, (_, digit) => format.format(digit)) }
    symbolsCache.set(locale, found)
  }
  return found
}

const isEnglish = (locale: string) => locale === 'en' || locale === 'en-XA'

/**
 * An exact decimal text (`'1234.5678'`, as `formatUnits` gives it) in the locale's digits and
 * decimal sign, every digit kept and no grouping: a transaction preview must show the exact amount.
 *
 * @example
 * formatLocaleAmount('0.000000001', 'de') // '0,000000001'
 */
export function formatLocaleAmount(text: string, locale: string): string {
  if (isEnglish(locale)) return text
  const { decimal, digits } = symbols(locale)
  return text.replace(/[0-9.]/g, (char) => (char === '.' ? decimal : digits[Number(char)]!))
}

/**
 * A balance cut (not rounded) to 3 decimals, in the locale's digits and decimal sign.
 *
 * @example
 * formatLocaleBalance('1234.56789', 'de') // '1234,567'
 */
export function formatLocaleBalance(value: string | number | undefined, locale: string, decimals = 3): string {
  return formatLocaleAmount(formatBalance(value, decimals), locale)
}

/**
 * A value in US dollars, cut to 2 decimals, in the locale's currency format.
 *
 * @example
 * formatLocaleFiat(12.3456, 'fr') // '12,34 $US'
 */
export function formatLocaleFiat(value: string | number | undefined, locale: string): string {
  const cut = formatTokenValue(value)
  if (isEnglish(locale)) return `$${cut}`
  // The value is already cut to 2 decimals, so the currency format (2 decimals for USD) rounds nothing.
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', useGrouping: false }).format(Number(cut))
}

/**
 * A count in the locale's digits and grouping.
 *
 * @example
 * formatLocaleCount(1234, 'de') // '1.234'
 */
export function formatLocaleCount(value: number, locale: string): string {
  return new Intl.NumberFormat(isEnglish(locale) ? 'en' : locale).format(value)
}
