import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './formatRelativeTime'

const now = Date.UTC(2026, 10, 23, 12)
const ago = (seconds: number) => now - seconds * 1000

describe('formatRelativeTime', () => {
  it('words the largest whole unit through Intl.RelativeTimeFormat', () => {
    expect(formatRelativeTime(now, now)).toBe('now')
    expect(formatRelativeTime(ago(45), now)).toBe('45 seconds ago')
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago')
    expect(formatRelativeTime(ago(3 * 3600 + 59), now)).toBe('3 hours ago')
    expect(formatRelativeTime(ago(86_400), now)).toBe('yesterday')
    expect(formatRelativeTime(ago(3 * 86_400), now)).toBe('3 days ago')
    expect(formatRelativeTime(ago(8 * 86_400), now)).toBe('last week')
    expect(formatRelativeTime(ago(65 * 86_400), now)).toBe('2 months ago')
    expect(formatRelativeTime(ago(400 * 86_400), now)).toBe('last year')
    expect(formatRelativeTime(new Date(ago(2 * 86_400)).toISOString(), now)).toBe('2 days ago')
  })

  it('reads a time just ahead of the clock (a block time running a little fast) as now, in every locale', () => {
    expect(formatRelativeTime(ago(-1), now)).toBe('now')
    expect(formatRelativeTime(ago(-2), now)).toBe('now')
    expect(formatRelativeTime(ago(-60), now)).toBe('now')
    expect(formatRelativeTime(ago(-2), now, 'de')).toBe('jetzt')
    expect(formatRelativeTime(ago(-2), now, 'fr')).toBe('maintenant')
    expect(formatRelativeTime(ago(-2), now, 'ar')).toBe(formatRelativeTime(now, now, 'ar'))
    expect(formatRelativeTime(ago(-2), now, 'hi')).toBe('अब')
    // Further ahead is a real future time, said as such.
    expect(formatRelativeTime(ago(-61), now)).toBe('in 1 minute')
    expect(formatRelativeTime(ago(-2 * 3600), now)).toBe('in 2 hours')
  })

  it('follows the locale', () => {
    expect(formatRelativeTime(ago(3 * 86_400), now, 'de')).toBe('vor 3 Tagen')
    expect(formatRelativeTime(ago(86_400), now, 'fr')).toBe('hier')
  })
})
