const UNITS: readonly (readonly [unit: 'yr' | 'mo' | 'd' | 'hr' | 'min' | 'sec', seconds: number])[] = [
  ['yr', 365 * 86_400],
  ['mo', 30 * 86_400],
  ['d', 86_400],
  ['hr', 3_600],
  ['min', 60],
  ['sec', 1],
]

/**
 * How long ago `date` was, in the largest whole unit: sec, min, hr, d, mo, yr.
 *
 * @example
 * formatRelativeDate(Date.now() - 90_000) // '1 min ago'
 */
export function formatRelativeDate(date: Date | number | string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(date).getTime()) / 1000))
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return `${Math.floor(seconds / size)} ${unit} ago`
  }
  return '0 sec ago'
}
