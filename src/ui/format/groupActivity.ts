/** One year of activity, its months newest first. */
export type ActivityYear<item> = { year: number; months: { month: number; label: string; items: item[] }[] }

/**
 * Groups activity by year, then month (both newest first), keeping each item's order inside a month.
 *
 * @example
 * groupActivity(items, (t) => t.minedAt)[0].months[0].label // 'March'
 */
export function groupActivity<item>(items: readonly item[], dateOf: (item: item) => Date | number | string, locale = 'en'): ActivityYear<item>[] {
  const years = new Map<number, Map<number, item[]>>()
  for (const item of items) {
    const date = new Date(dateOf(item))
    const months = years.get(date.getFullYear()) ?? new Map<number, item[]>()
    years.set(date.getFullYear(), months)
    const list = months.get(date.getMonth()) ?? []
    months.set(date.getMonth(), list)
    list.push(item)
  }
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long' })
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, months]) => ({
      year,
      months: [...months.entries()]
        .sort(([a], [b]) => b - a)
        .map(([month, list]) => ({ month, label: monthName.format(new Date(year, month, 1)), items: list })),
    }))
}
