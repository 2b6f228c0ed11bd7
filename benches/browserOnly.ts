/** The browser part of `npm run bench` alone: `npx tsx benches/browserOnly.ts` (`PORTICO_BENCH_RUNS` as there). */
import { runBrowserBench } from './browser'

console.log(await runBrowserBench())
