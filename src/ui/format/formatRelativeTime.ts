const UNITS: readonly (readonly [unit: Intl.RelativeTimeFormatUnit, seconds: number])[] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
]

const formats = new Map<string, Intl.RelativeTimeFormat>()

/**
 * How far ahead of the browser's clock a time may be and still read as now: a chain's block
 * time or a server's clock commonly runs a second or two ahead, and a just-mined transaction is
 * not "in 1 second".
 */
export const CLOCK_SKEW_SECONDS = 60

/**
 * How long ago (or how far ahead) `date` is, in the largest whole unit, worded by the platform's
 * `Intl.RelativeTimeFormat` for `locale` ('yesterday', '3 days ago', 'last month'). A time up to
 * {@link CLOCK_SKEW_SECONDS} ahead reads as now.
 *
 * @example
 * formatRelativeTime(Date.now() - 2 * 86_400_000) // '2 days ago'
 * formatRelativeTime(Date.now() - 86_400_000)     // 'yesterday'
 * formatRelativeTime(Date.now() + 2_000)          // 'now'
 */
export function formatRelativeTime(date: Date | number | string, now: number = Date.now(), locale = 'en'): string {
  let format = formats.get(locale)
  if (!format) formats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })))
  let seconds = Math.round((new Date(date).getTime() - now) / 1000)
  if (seconds > 0 && seconds <= CLOCK_SKEW_SECONDS) seconds = 0
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit)
  }
  return format.format(0, 'second')
}
