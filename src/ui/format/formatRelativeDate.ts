type Unit = 'yr' | 'mo' | 'd' | 'hr' | 'min' | 'sec'

const UNITS: readonly (readonly [unit: Unit, seconds: number, intl: Intl.RelativeTimeFormatUnit])[] = [
  ['yr', 365 * 86_400, 'year'],
  ['mo', 30 * 86_400, 'month'],
  ['d', 86_400, 'day'],
  ['hr', 3_600, 'hour'],
  ['min', 60, 'minute'],
  ['sec', 1, 'second'],
]

/** How long ago `date` was, in the largest whole unit. */
function elapsed(date: Date | number | string, now: number): { count: number; unit: Unit; intl: Intl.RelativeTimeFormatUnit } {
  const seconds = Math.max(0, Math.floor((now - new Date(date).getTime()) / 1000))
  for (const [unit, size, intl] of UNITS) {
    if (seconds >= size) return { count: Math.floor(seconds / size), unit, intl }
  }
  return { count: 0, unit: 'sec', intl: 'second' }
}

/**
 * How long ago `date` was, in the largest whole unit: sec, min, hr, d, mo, yr. English keeps the
 * seed's words ('5 sec ago'); another locale gets `Intl.RelativeTimeFormat`'s short form.
 *
 * @example
 * formatRelativeDate(Date.now() - 90_000)             // '1 min ago'
 * formatRelativeDate(Date.now() - 90_000, undefined, 'de') // 'vor 1 Min.'
 */
export function formatRelativeDate(date: Date | number | string, now: number = Date.now(), locale = 'en'): string {
  const { count, unit, intl } = elapsed(date, now)
  if (locale === 'en' || locale === 'en-XA') return `${count} ${unit} ago`
  return new Intl.RelativeTimeFormat(locale, { style: 'short', numeric: 'always' }).format(-count, intl)
}
