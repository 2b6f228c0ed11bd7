/**
 * First-load size where it matters: in a consumer's production build. Packs Portico, installs it
 * into the Vite 8 + React 19 consumer app (examples/vite), builds it, serves it with
 * `vite preview` and opens it in Chromium. Counts the JS the page loads before the Connect button
 * is clicked, min+gz, without React (the app has it anyway; the app's build puts it in a chunk of
 * its own), and apart from it what `PorticoProvider` preloads for the modal once the page is idle.
 * Each budget check covers both. Fails above 45 kB, or when a heavy dependency (WalletConnect's universal provider,
 * @solana/web3.js, viem's chains, qrcode) is in that first load rather than in a lazy chunk.
 * It prints each translation's chunk (min and min+gz), the figures the docs quote.
 * Then the Next.js 16 consumer app (`sizeNext.ts`): Portico's share of a server-rendered page's
 * first load, the page's scripts against the same page's without Portico; fails above 40 kB.
 * Then the headless example (`sizeHeadless.ts`, only `portico/headless`): Portico's share of its first
 * load, against the same example with a stand-in for Portico; fails above 15 kB, or when the first load
 * holds a view, the modal's shell or components, or a stylesheet. In CI the consumer test has just
 * measured the same build: that measure is reused (see `measureHeadless`), not made a second time.
 *
 *   npm run size                  (SIZE_CHUNKS=1 also lists each chunk of the first load and the preload)
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { checkConsumerPage } from '../tests/consumers/checkConsumerPage'
import { consumerEnv } from '../tests/consumers/consumerEnv'
import { installConsumerApp } from '../tests/consumers/installConsumerApp'
import { packTarball } from '../tests/consumers/packTarball'
import { freePort, startServer } from '../tests/consumers/startServer'
import { HEADLESS_LIMIT_BYTES, measureHeadless } from './sizeHeadless'
import { measureBitcoin } from './sizeBitcoin'
import { measureNext, NEXT_LIMIT_BYTES } from './sizeNext'

const LIMIT_BYTES = 45 * 1024

/** Dependencies that only some features need: never in the first load. */
const HEAVY: Record<string, RegExp> = {
  '@walletconnect/universal-provider': /node_modules\/@walletconnect\/universal-provider\//,
  '@solana/web3.js': /node_modules\/@solana\/web3\.js\//,
  'viem chains': /node_modules\/viem\/_esm\/chains\//,
  qrcode: /node_modules\/qrcode\//,
  '@scure/btc-signer': /node_modules\/@scure\/btc-signer\//,
}

type Chunk = { fileName: string; isEntry: boolean; imports: string[]; dynamicImports: string[]; moduleIds: string[] }

const tarball = packTarball()
const dir = installConsumerApp('vite', tarball)
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: dir, env: consumerEnv(), stdio: ['ignore', 'inherit', 'inherit'] })
const chunks = JSON.parse(readFileSync(join(dir, 'dist/chunks.json'), 'utf8')) as Chunk[]
const byFile = new Map(chunks.map((chunk) => [basename(chunk.fileName), chunk]))

const port = await freePort()
const url = `http://127.0.0.1:${port}/`
const server = await startServer('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: dir, url })
let loaded: string[]
let preloaded: string[]
try {
  const report = await checkConsumerPage(url)
  if (report.errors.length > 0 || report.remoteRequests.length > 0) throw new Error(`size: the page misbehaved: ${JSON.stringify(report)}`)
  loaded = report.scriptsBeforeClick.filter((script) => !report.scriptsPreloaded.includes(script)).map((script) => basename(new URL(script).pathname))
  preloaded = report.scriptsPreloaded.map((script) => basename(new URL(script).pathname))
} finally {
  await server.stop()
}

const isReact = (chunk: Chunk) => chunk.moduleIds.every((id) => /node_modules\/(react|react-dom|scheduler)\//.test(id))
const chunksOf = (files: string[]) =>
  files.map((file) => {
    const chunk = byFile.get(file)
    if (!chunk) throw new Error(`size: ${file} is not a chunk of the build`)
    return chunk
  })
const firstLoad = chunksOf(loaded)
const idleLoad = chunksOf(preloaded)
const counted = firstLoad.filter((chunk) => !isReact(chunk))
if (counted.length === firstLoad.length) throw new Error('size: React is not in a chunk of its own; the count would include it')

const measure = (list: Chunk[]) => {
  let raw = 0
  let gzipped = 0
  for (const chunk of list) {
    const code = readFileSync(join(dir, 'dist', chunk.fileName))
    raw += code.length
    gzipped += gzipSync(code, { level: 9 }).length
  }
  return { raw, gzipped }
}
const { raw, gzipped } = measure(counted)
const idle = measure(idleLoad)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
console.log(`First load of the Vite consumer app before Connect is clicked (React excluded): ${kb(raw)} min, ${kb(gzipped)} min+gz in ${counted.length} chunks.`)
console.log(`The modal, preloaded once the page is idle: ${kb(idle.raw)} min, ${kb(idle.gzipped)} min+gz in ${idleLoad.length} chunks; ${chunks.length - firstLoad.length - idleLoad.length} chunks load later, when a view or feature needs them.`)
// SIZE_CHUNKS=1: each chunk of both counts, with its modules, to see which module a change moved or split off.
if (process.env.SIZE_CHUNKS === '1') {
  const moduleName = (id: string) => id.replaceAll('\0', '').replace(/^.*\/node_modules\/portico\/dist\//, '').replace(/^.*\/node_modules\//, '')
  for (const [label, list] of [['first load', counted], ['preload', idleLoad]] as const) {
    for (const chunk of list) console.log(`  ${label}: ${basename(chunk.fileName)} ${measure([chunk]).gzipped} B min+gz: ${chunk.moduleIds.map(moduleName).join(' ')}`)
  }
}

// Each translation is a chunk of its own, loaded when the visitor's locale is set: its size, as the docs quote it.
const LOCALE_MODULE = /portico\/dist\/ui\/i18n\/locales\/([\w-]+)\.js$/
const locales = chunks
  .map((chunk) => ({ chunk, locale: chunk.moduleIds.map((id) => LOCALE_MODULE.exec(id)?.[1]).find(Boolean) }))
  .filter((entry): entry is { chunk: Chunk; locale: string } => entry.locale !== undefined)
  .sort((a, b) => a.locale.localeCompare(b.locale))
console.log(`Locale chunks (one per translation, loaded with the visitor's locale): ${locales.length}`)
for (const { chunk, locale } of locales) {
  const size = measure([chunk])
  const shared = chunk.moduleIds.filter((id) => !LOCALE_MODULE.test(id)).length
  console.log(`  ${locale.padEnd(5)} ${kb(size.raw)} min, ${kb(size.gzipped)} min+gz${shared > 0 ? ` (with ${shared} other modules)` : ''}`)
}

const problems: string[] = []
if (locales.length === 0) problems.push('no locale chunk found: the translations are no longer loaded lazily, or their path changed')
for (const [name, pattern] of Object.entries(HEAVY)) {
  const early = [...firstLoad, ...idleLoad].filter((chunk) => chunk.moduleIds.some((id) => pattern.test(id)))
  const anywhere = chunks.filter((chunk) => chunk.moduleIds.some((id) => pattern.test(id)))
  if (early.length > 0) problems.push(`${name} is in the first load or the modal's preload (${early.map((c) => c.fileName).join(', ')})`)
  console.log(`  ${name}: ${anywhere.length === 0 ? 'not in the build' : early.length > 0 ? 'IN THE FIRST LOAD OR THE PRELOAD' : `lazy (${anywhere.map((c) => c.fileName).join(', ')})`}`)
}
console.log(`Budget: ${kb(LIMIT_BYTES)} min+gz — ${gzipped <= LIMIT_BYTES ? 'within' : 'OVER'}.`)
if (gzipped > LIMIT_BYTES) problems.push(`first load ${kb(gzipped)} is over the ${kb(LIMIT_BYTES)} budget`)

const next = await measureNext(tarball)
console.log(
  `Next.js 16, server-rendered \`/\`: first load ${kb(next.withPortico)} min+gz in ${next.scripts} scripts, ${kb(next.without)} for the same page without Portico; ` +
    `Portico's share ${kb(next.share)} — budget ${kb(NEXT_LIMIT_BYTES)}, ${next.share <= NEXT_LIMIT_BYTES ? 'within' : 'OVER'}.`,
)
if (next.share > NEXT_LIMIT_BYTES) problems.push(`Portico's share of the Next.js first load, ${kb(next.share)}, is over the ${kb(NEXT_LIMIT_BYTES)} budget`)

const headless = await measureHeadless(tarball)
console.log(
  `Headless example (portico/headless only), before any click (React excluded): ${kb(headless.raw)} min, ${kb(headless.gzipped)} min+gz in ${headless.chunks} chunks, ` +
    `${kb(headless.without)} for the same example without Portico; Portico's share ${kb(headless.share)} — budget ${kb(HEADLESS_LIMIT_BYTES)}, ${headless.share <= HEADLESS_LIMIT_BYTES ? 'within' : 'OVER'}; ` +
    `modal code: ${headless.modalModules.length === 0 ? 'none' : headless.modalModules.join(', ')}${headless.reused ? ' (the measure of this same build, reused)' : ''}.`,
)
for (const chunk of headless.perChunk) console.log(`  ${chunk.file}: ${kb(chunk.raw)} min, ${kb(chunk.gzipped)} min+gz, ${chunk.modules} modules`)
if (headless.share > HEADLESS_LIMIT_BYTES) {
  problems.push(`Portico's share of the headless first load, ${kb(headless.share)}, is over the ${kb(HEADLESS_LIMIT_BYTES)} budget`)
  console.log(`  heaviest modules of the headless first load: ${headless.heaviest.map((m) => `${m.id} (${kb(m.bytes)} unminified)`).join(', ')}`)
}
if (headless.modalModules.length > 0) problems.push(`the headless first load holds modal code: ${headless.modalModules.join(', ')}`)
for (const problem of headless.problems) problems.push(`the headless page misbehaved: ${problem}`)
// Bitcoin's lazily loaded chunks (JS and WASM), and none of it in an EVM-only app's first load.
problems.push(...(await measureBitcoin()))

for (const problem of problems) console.error(`size: ${problem}`)
if (problems.length > 0) process.exitCode = 1
