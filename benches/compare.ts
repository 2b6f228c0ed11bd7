import { do_not_optimize, measure } from 'mitata'

/**
 * Side-by-side timing for `npm run bench`. Each case runs Portico and the other library in
 * alternating rounds in one process (which side goes first alternates too). In a round, each side
 * is timed by mitata's `measure` for a fixed budget, and its median sample is kept. A case's
 * result is the median of those per-round figures for each side, and the median of the per-round
 * ratios (other / Portico): a pause that hits one round (GC, another process on a shared machine)
 * moves neither figure much, and a mean cannot be dragged by one side's GC outliers.
 *
 * Run it with `node --expose-gc` (as `npm run bench` does): mitata then collects garbage before
 * each sample. Without `gc`, mitata falls back to allocating a 1 GiB array to provoke a
 * collection, and the heap it leaves behind slows allocation-heavy code by up to 20× (ox's RLP
 * decoder of a 1000-deep list went from ~30 µs to ~700 µs that way), which is what made the old
 * 5× figure for that case.
 */
export type Case = {
  title: string
  target?: number | undefined
  ours: () => unknown
  otherName: string
  other: () => unknown
}

export type Result = { title: string; ours: number; otherName: string; other: number; ratio: number; target?: number | undefined }

/** Median nanoseconds per call of `fn` over mitata samples filling about `budgetMs`. */
async function timeBatch(fn: () => unknown, budgetMs: number): Promise<number> {
  const stats = await measure(() => do_not_optimize(fn()), {
    min_cpu_time: budgetMs * 1e6,
    min_samples: 5,
    batch_samples: 64,
    warmup_samples: 2,
  } as never)
  return stats.p50
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Runs one case: a warm-up of each side, then `rounds` alternating rounds. */
export async function compare(c: Case, { rounds, budgetMs }: { rounds: number; budgetMs: number }): Promise<Result> {
  await timeBatch(c.ours, budgetMs)
  await timeBatch(c.other, budgetMs)
  const ours: number[] = []
  const other: number[] = []
  const ratios: number[] = []
  for (let round = 0; round < rounds; round++) {
    // Alternate which side goes first, so neither always runs on a warmer or busier machine.
    const [a, b] = round % 2 === 0
      ? [await timeBatch(c.ours, budgetMs), await timeBatch(c.other, budgetMs)]
      : swap(await timeBatch(c.other, budgetMs), await timeBatch(c.ours, budgetMs))
    ours.push(a)
    other.push(b)
    ratios.push(b / a)
  }
  return { title: c.title, ours: median(ours), otherName: c.otherName, other: median(other), ratio: median(ratios), target: c.target }
}

function swap(other: number, ours: number): [number, number] {
  return [ours, other]
}

export const formatTime = (ns: number) =>
  ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(0)} ns`

/** The results as the README's Markdown table. */
export function table(results: readonly Result[]): string {
  const rows = results.map((r) => {
    const target = r.target === undefined ? '' : `≥ ${r.target}× ${r.ratio >= r.target ? 'met' : '**missed**'}`
    return `| ${r.title} | ${formatTime(r.ours)} | ${r.otherName} | ${formatTime(r.other)} | ${r.ratio.toFixed(2)}× | ${target} |`
  })
  return ['| case | portico | other | other time | other ÷ portico | target |', '|---|---|---|---|---|---|', ...rows].join('\n')
}
