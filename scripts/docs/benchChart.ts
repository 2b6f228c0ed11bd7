/**
 * Draws the benchmark ratios as an SVG bar chart from the table `npm run bench` prints (the
 * `| case | portico | other | other time | other ÷ portico | target |` table). The input is a file
 * that holds that table (the bench's output, or docs/benchmarks.md, where the latest run is
 * pasted), or `-` for stdin:
 *
 *   PORTICO_BENCH_NODE_ONLY=1 npm run bench | npx tsx scripts/docs/benchChart.ts - docs/public/bench-ratios.svg
 *   npx tsx scripts/docs/benchChart.ts docs/benchmarks.md docs/public/bench-ratios.svg
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { benchRows, ratioChartSvg } from './benchRatios'

const [input, output] = process.argv.slice(2)
if (!input || !output) {
  console.error('usage: tsx scripts/docs/benchChart.ts <bench output or page | -> <out.svg>')
  process.exit(2)
}
const rows = benchRows(readFileSync(input === '-' ? 0 : input, 'utf8'))
if (rows.length === 0) {
  console.error(`No bench table (a "| case | … | other ÷ portico |" header) in ${input === '-' ? 'stdin' : input}`)
  process.exit(1)
}
mkdirSync(dirname(output), { recursive: true })
writeFileSync(output, ratioChartSvg(rows))
console.log(`docs: ${output}, ${rows.length} benchmark ratios`)
