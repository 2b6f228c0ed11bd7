/**
 * What a visitor typed into an amount field, read in their locale's terms: `amount` is the plain
 * decimal text the stores take (`1234.5`); `ambiguous` holds the two readings of a text that
 * could be either (`1.234` in German: one thousand two hundred thirty-four, or one point two
 * three four), which the view asks about rather than guessing.
 */
export type LocaleAmount = { amount: string; ambiguous?: undefined } | { amount?: undefined; ambiguous: { grouped: string; decimal: string } }

type Separators = { decimal: string; group: string; indian: boolean }

const separatorsByLocale = new Map<string, Separators>()

/** The locale's decimal and group separators, and whether it groups in lakhs (12,34,567). */
function separatorsOf(locale: string): Separators {
  let found = separatorsByLocale.get(locale)
  if (!found) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5)
    const integers = parts.filter((p) => p.type === 'integer')
    found = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      indian: integers.length === 3 && integers[1]!.value.length === 2,
    }
    separatorsByLocale.set(locale, found)
  }
  return found
}

/** Unicode decimal digits a visitor may type: Arabic-Indic, Extended Arabic-Indic (Persian, Urdu), Devanagari, full-width. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0xff10]
const SPACES = /[\s\u00a0\u2009\u202f]/
const ARABIC_DECIMAL = '\u066b'
const ARABIC_GROUP = '\u066c'

function asciiDigit(char: string): string | undefined {
  if (char >= '0' && char <= '9') return char
  const code = char.codePointAt(0)!
  const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9)
  return zero === undefined ? undefined : String(code - zero)
}

/** Whether `groups` (the integer part split at a separator) is a well-formed grouping: 1,234,567 or, in lakhs, 12,34,567. */
function isGrouping(groups: readonly string[], indian: boolean): boolean {
  if (groups.length < 2) return false
  const [first, ...rest] = groups as [string, ...string[]]
  if (!/^[1-9]\d{0,2}$/.test(first) || rest.at(-1)!.length !== 3) return false
  const middle = rest.slice(0, -1)
  if (middle.every((g) => g.length === 3)) return true
  return indian && first.length <= 2 && middle.every((g) => g.length === 2)
}

/**
 * Reads a typed amount in `locale`: the locale's digits and separators are taken
 * (`1.234,5` in German, `1 234,5` in French, `١٬٢٣٤٫٥` in Arabic, `1,23,456.7` in Hindi), and a
 * lone `.` or `,` that cannot be a thousands separator is read as the decimal one, as visitors
 * used to the other convention type it. A lone separator followed by exactly three digits could
 * be either, so it is `ambiguous`. A text that is not a number comes back as typed (trimmed), for
 * the form's own check to refuse.
 *
 * @example
 * readLocaleAmount('1,5', 'de')      // { amount: '1.5' }
 * readLocaleAmount('1.234,5', 'de')  // { amount: '1234.5' }
 * readLocaleAmount('1.234', 'de')    // { ambiguous: { grouped: '1234', decimal: '1.234' } }
 * readLocaleAmount('1,23,456', 'hi') // { amount: '123456' }
 */
export function readLocaleAmount(text: string, locale: string): LocaleAmount {
  const typed = text.trim()
  const { decimal, group, indian } = separatorsOf(locale)
  const groupIsSpace = SPACES.test(group)
  // The text as digits and separator marks: D the locale's decimal, G its group, O another of `.` and `,`.
  let digits = ''
  const marks: { kind: 'D' | 'G' | 'O'; char: string; at: number }[] = []
  for (const char of typed) {
    const digit = asciiDigit(char)
    if (digit !== undefined) digits += digit
    else if (char === decimal || char === ARABIC_DECIMAL) marks.push({ kind: 'D', char, at: digits.length })
    else if (char === group || char === ARABIC_GROUP || (groupIsSpace && SPACES.test(char))) marks.push({ kind: 'G', char, at: digits.length })
    else if (char === '.' || char === ',') marks.push({ kind: 'O', char, at: digits.length })
    else return { amount: typed }
  }
  if (marks.length === 0) return { amount: digits }
  const decimals = marks.filter((m) => m.kind === 'D')
  if (decimals.length > 1 || (decimals.length === 1 && marks.some((m) => m.kind === 'O'))) return { amount: typed }
  if (decimals.length === 1) {
    const point = decimals[0]!.at
    const groups = marks.filter((m) => m.kind === 'G').map((m) => m.at)
    if (groups.some((at) => at > point)) return { amount: typed }
    if (groups.length > 0 && !isGrouping(splitAt(digits.slice(0, point), groups), indian)) return { amount: typed }
    return { amount: `${digits.slice(0, point)}.${digits.slice(point)}` }
  }
  // No decimal separator of the locale: one kind of separator, read as grouping or as a decimal point.
  if (new Set(marks.map((m) => m.char)).size > 1) return { amount: typed }
  const at = marks.map((m) => m.at)
  const grouped = isGrouping(splitAt(digits, at), indian)
  const space = SPACES.test(marks[0]!.char)
  if (marks.length > 1 || space) return grouped && marks[0]!.kind === 'G' ? { amount: digits } : { amount: typed }
  const whole = digits.slice(0, at[0])
  const fraction = digits.slice(at[0])
  if (grouped) return { ambiguous: { grouped: digits, decimal: `${whole}.${fraction}` } }
  return { amount: `${whole}.${fraction}` }
}

/** `digits` cut at each position of `at` (ascending). */
function splitAt(digits: string, at: readonly number[]): string[] {
  return [0, ...at].map((start, i) => digits.slice(start, at[i] ?? digits.length))
}

/**
 * A plain decimal amount (`1234.5`) as the locale writes it without grouping (`1234,5` in
 * German), for a field the modal fills itself (Max).
 *
 * @example
 * localeAmountText('0.25', 'fr') // '0,25'
 */
export function localeAmountText(amount: string, locale: string): string {
  return amount.replace('.', separatorsOf(locale).decimal)
}
