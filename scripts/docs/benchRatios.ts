/** One row of the bench table: the case, the other library, and its time over Portico's. */
export interface BenchRow {
  title: string
  other: string
  ratio: number
  /** The ratio the case must reach, when it has one. */
  target?: number
}

/** The rows of the first bench table in `text` (columns found by their header, so extra columns are fine). */
export function benchRows(text: string): BenchRow[] {
  const lines = text.split('\n')
  const start = lines.findIndex((l) => /^\|\s*case\s*\|/.test(l) && l.includes('other ÷ portico'))
  if (start === -1) return []
  const cells = (line: string) => line.split('|').slice(1, -1).map((c) => c.trim())
  const header = cells(lines[start]!)
  const col = (name: string) => header.indexOf(name)
  const rows: BenchRow[] = []
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    const row = cells(line)
    const ratio = Number.parseFloat(row[col('other ÷ portico')] ?? '')
    if (!Number.isFinite(ratio)) continue
    const target = /≥\s*([\d.]+)/.exec(row[col('target')] ?? '')?.[1]
    rows.push({ title: row[col('case')]!, other: row[col('other')]!, ratio, ...(target ? { target: Number(target) } : {}) })
  }
  return rows
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * A horizontal bar per case on a log scale, with the 1× line (left of it the other library is
 * faster) and each case's target. Colours have 4.5:1 contrast on white; the figures are printed.
 */
export function ratioChartSvg(rows: readonly BenchRow[]): string {
  const label = 330, plot = 420, right = 70, bar = 18, gap = 8, top = 40
  const width = label + plot + right
  const height = top + rows.length * (bar + gap) + 30
  const max = Math.max(2, ...rows.map((r) => Math.max(r.ratio, r.target ?? 0))) * 1.15
  const min = Math.min(0.5, ...rows.map((r) => r.ratio)) / 1.15
  const x = (ratio: number) => label + (Math.log(ratio / min) / Math.log(max / min)) * plot
  const ticks = [0.5, 1, 2, 5, 10, 20, 50, 100].filter((t) => t >= min && t <= max)
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="title desc" font-family="system-ui, sans-serif" font-size="12">`,
    '<title id="title">Portico against the best JS libraries: the other library\'s time over Portico\'s</title>',
    `<desc id="desc">${rows.map((r) => `${escape(r.title)}: ${r.ratio.toFixed(2)}× (${escape(r.other)})`).join('; ')}</desc>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${label}" y="18" fill="#222">other library's time ÷ Portico's (log scale; right of 1×, Portico is faster)</text>`,
  ]
  for (const t of ticks) {
    parts.push(`<line x1="${x(t)}" x2="${x(t)}" y1="${top - 8}" y2="${height - 24}" stroke="${t === 1 ? '#222' : '#ccc'}"/>`)
    parts.push(`<text x="${x(t)}" y="${height - 8}" text-anchor="middle" fill="#222">${t}×</text>`)
  }
  rows.forEach((r, i) => {
    const y = top + i * (bar + gap)
    const faster = r.ratio >= 1
    const from = x(Math.min(1, r.ratio)), to = x(Math.max(1, r.ratio))
    parts.push(`<text x="${label - 8}" y="${y + bar - 5}" text-anchor="end" fill="#222">${escape(r.title)}</text>`)
    parts.push(`<rect x="${from}" y="${y}" width="${Math.max(1, to - from)}" height="${bar}" fill="${faster ? '#2f54d4' : '#b42323'}"/>`)
    if (r.target) parts.push(`<line x1="${x(r.target)}" x2="${x(r.target)}" y1="${y - 2}" y2="${y + bar + 2}" stroke="#222" stroke-width="2" stroke-dasharray="3 2"/>`)
    parts.push(`<text x="${to + 6}" y="${y + bar - 5}" fill="#222">${r.ratio.toFixed(2)}×</text>`)
  })
  parts.push('</svg>')
  return `${parts.join('\n')}\n`
}
