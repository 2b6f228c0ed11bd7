/**
 * The first load of an app that imports only `portico/headless` (examples/headless: its own wallet
 * list, QR screen and email login). Installs the packed Portico into the example, type-checks it
 * (`tsc`, strict), builds it with Vite, serves it with `vite preview` and opens it in Chromium.
 * Counts the JS loaded before any interaction, min+gz, without React (a chunk of its own, with the
 * bundler's CommonJS interop that only React's chunk imports). The same example is built again
 * with `portico/headless` replaced by a stand-in of its exports that does nothing
 * (`headlessStandIn.js`): Portico's share is the difference, as `sizeNext.ts` measures Next.js.
 * Lists any module of the first load that is modal code: a view, the modal's shell or components,
 * or a stylesheet. `npm run size` holds Portico's share to 15 kB, and the load to no modal code.
 * Measured once for each build: the result is kept in `.cache/measures/headless.json` under a hash
 * of what it was measured from, and the next caller with the same inputs (CI's consumer test, then
 * `npm run size`) reads it instead of building and opening both examples again.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { consumerEnv } from '../tests/consumers/consumerEnv'
import { consumerAppSource, installConsumerApp, LOCAL_OUTPUT } from '../tests/consumers/installConsumerApp'
import { packTarball, repoRoot } from '../tests/consumers/packTarball'
import { inputsKey, type Measured, measureOnce } from './measureOnce'
import { freePort, startServer } from '../tests/consumers/startServer'
import { chromiumLaunchOptions } from '../vite.config'
import { type Chunk, reactsOwn } from './reactsOwn'

export const HEADLESS_LIMIT_BYTES = 15 * 1024

/** `portico/headless`'s exports doing nothing: the baseline build's stand-in for Portico. */
const STAND_IN = resolve(import.meta.dirname, 'headlessStandIn.js')

/** Modal code: views, the modal's shell and components, stylesheets (in the packed `dist/`). */
export const MODAL_CODE = /node_modules\/portico\/dist\/ui\/(views|Modal|components)\/|\.css(\.js)?$/


export type HeadlessFirstLoad = {
  /** The example's whole first load (React aside), min and min+gz. */
  raw: number
  gzipped: number
  /** The same example's first load with `portico/headless` replaced by a stand-in that does nothing, min+gz. */
  without: number
  /** Portico's share of the first load, min+gz: `gzipped - without`, plus the stand-in's own weight. The budget is on it. */
  share: number
  chunks: number
  /** Each counted chunk: its file, min and min+gz bytes, and how many modules it holds. */
  perChunk: { file: string; raw: number; gzipped: number; modules: number }[]
  /** Modules of the first load that are modal code (none expected). */
  modalModules: string[]
  /** The biggest Portico modules of the first load (unminified source length), to see what weighs. */
  heaviest: { id: string; bytes: number }[]
  /** What the page did wrong: console errors, failed responses, requests to other hosts. */
  problems: string[]
  /** The example's installed folder. */
  dir: string
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost'])

/** The example's first load: the chunks Chromium loads from `outDir` before any click, and what went wrong meanwhile. */
async function firstLoad(dir: string, outDir: string): Promise<{ loaded: Chunk[]; problems: string[] }> {
  const chunks = JSON.parse(readFileSync(join(dir, outDir, 'chunks.json'), 'utf8')) as Chunk[]
  const byFile = new Map(chunks.map((chunk) => [basename(chunk.fileName), chunk]))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  const server = await startServer('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', outDir], { cwd: dir, url })
  const problems: string[] = []
  const scripts: string[] = []
  try {
    const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
    try {
      const page = await browser.newPage()
      page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())))
      page.on('pageerror', (error) => problems.push(`${error.name}: ${error.message}`))
      page.on('response', (response) => void (response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`)))
      page.on('request', (request) => {
        const { protocol, hostname } = new URL(request.url())
        if (protocol.startsWith('http') && !LOCAL_HOSTS.has(hostname)) problems.push(`remote request ${request.url()}`)
        if (request.resourceType() === 'script') scripts.push(basename(new URL(request.url()).pathname))
      })
      await page.goto(url, { waitUntil: 'networkidle' })
      await page.getByRole('searchbox', { name: 'Search wallets' }).waitFor({ timeout: 30_000 })
      await page.waitForLoadState('networkidle')
    } finally {
      await browser.close()
    }
  } finally {
    await server.stop()
  }
  const loaded = scripts.map((file) => {
    const chunk = byFile.get(file)
    if (!chunk) throw new Error(`sizeHeadless: ${file} is not a chunk of the build in ${outDir}`)
    return chunk
  })
  return { loaded, problems }
}

/** The stand-in's code without its comment, min+gz: more than it adds to the baseline's chunk, so the share is not understated. */
function standInWeight(): number {
  const code = readFileSync(STAND_IN, 'utf8').replace(/\/\*[\s\S]*?\*\//, '').trim()
  return gzipSync(code, { level: 9 }).length
}

/** The loaded chunks that count (React's own left out), each with its min and min+gz bytes. */
function weigh(dir: string, outDir: string, loaded: readonly Chunk[]) {
  // React's chunk, which holds the bundler's CommonJS runtime when nothing else needs it.
  const isReact = (chunk: Chunk) => chunk.moduleIds.every((id) => /node_modules\/(react|react-dom|scheduler)\/|^\0rolldown\/runtime\.js$/.test(id))
  if (!loaded.some(isReact)) throw new Error('sizeHeadless: React is not in a chunk of its own; the count would include it')
  const left = reactsOwn(loaded, isReact)
  const counted = loaded.filter((chunk) => !left.has(chunk))
  const perChunk = counted.map((chunk) => {
    const code = readFileSync(join(dir, outDir, chunk.fileName))
    return { file: basename(chunk.fileName), raw: code.length, gzipped: gzipSync(code, { level: 9 }).length, modules: chunk.moduleIds.length }
  })
  return { counted, perChunk, raw: perChunk.reduce((sum, chunk) => sum + chunk.raw, 0), gzipped: perChunk.reduce((sum, chunk) => sum + chunk.gzipped, 0) }
}

/** Where the last measure is kept, with the key of its inputs. */
const CACHE = join(repoRoot, '.cache/measures/headless.json')

/**
 * What the measure is made from: the package's files (the tarball unpacked, so that two packs of
 * the same build match), the example's sources, the stand-in, and the code that installs, builds
 * and weighs them.
 */
function headlessInputs(tarball: string): string {
  const code = [STAND_IN, import.meta.filename, resolve(import.meta.dirname, 'reactsOwn.ts'), ...['installConsumerApp.ts', 'consumerEnv.ts'].map((file) => resolve(repoRoot, 'tests/consumers', file))]
  return createHash('sha256')
    .update(gunzipSync(readFileSync(tarball)))
    .update(inputsKey([consumerAppSource('headless'), ...code], LOCAL_OUTPUT))
    .digest('hex')
}

/**
 * Builds and serves examples/headless with the packed `tarball`, and again with `portico/headless`
 * replaced by `headlessStandIn.js` (the same exports, doing nothing); measures what Chromium loads
 * before any click in both. Portico's share is the difference: the example's own components,
 * Vite's runtime and its preload polyfill, which both builds load, cancel out (as in sizeNext.ts).
 * A measure of the same inputs is reused (`reused: true`); one that saw the page misbehave is not
 * kept, so that the next caller measures again.
 */
export async function measureHeadless(tarball: string): Promise<Measured<HeadlessFirstLoad>> {
  return measureOnce(CACHE, headlessInputs(tarball), () => measureFresh(tarball), (load) => load.problems.length === 0)
}

async function measureFresh(tarball: string): Promise<HeadlessFirstLoad> {
  const dir = installConsumerApp('headless', tarball)
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--strict'], { cwd: dir, env: consumerEnv(), stdio: ['ignore', 'inherit', 'inherit'] })
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: dir, env: consumerEnv(), stdio: ['ignore', 'inherit', 'inherit'] })
  writeFileSync(
    join(dir, 'vite.without-portico.config.js'),
    `import base from './vite.config.js'\nexport default { ...base, resolve: { alias: { 'portico/headless': ${JSON.stringify(STAND_IN)} } }, build: { ...base.build, outDir: 'dist-without-portico' } }\n`,
  )
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--config', 'vite.without-portico.config.js'], { cwd: dir, env: consumerEnv(), stdio: ['ignore', 'inherit', 'inherit'] })

  const withPortico = await firstLoad(dir, 'dist')
  const without = await firstLoad(dir, 'dist-without-portico')
  const weighed = weigh(dir, 'dist', withPortico.loaded)
  const baseline = weigh(dir, 'dist-without-portico', without.loaded)
  const ids = weighed.counted.flatMap((chunk) => chunk.moduleIds)
  const heaviest = ids
    .filter((id) => id.includes('node_modules/portico/dist/') || id.includes('node_modules/valtio/') || id.includes('node_modules/proxy-compare/'))
    .map((id) => {
      let bytes = 0
      try {
        bytes = readFileSync(id.replace(/\?.*$/, '')).length
      } catch {
        // A virtual module: no file to weigh.
      }
      return { id: id.slice(id.indexOf('node_modules/') + 'node_modules/'.length), bytes }
    })
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 15)
  return {
    raw: weighed.raw,
    gzipped: weighed.gzipped,
    without: baseline.gzipped,
    // The stand-in's own code sits in the baseline: its weight alone (comments aside) goes back into the share.
    share: weighed.gzipped - baseline.gzipped + standInWeight(),
    chunks: weighed.counted.length,
    perChunk: weighed.perChunk,
    modalModules: ids.filter((id) => MODAL_CODE.test(id)),
    heaviest,
    problems: [...withPortico.problems, ...without.problems.map((problem) => `without Portico: ${problem}`)],
    dir,
  }
}

/** `npx tsx scripts/sizeHeadless.ts`: this measure alone (`npm run size` runs it with the others). */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const load = await measureHeadless(packTarball())
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
  console.log(`Headless example's first load (React excluded): ${kb(load.raw)} min, ${kb(load.gzipped)} min+gz in ${load.chunks} chunks; ${kb(load.without)} without Portico${load.reused ? ' (the measure of this same build, reused)' : ''}.`)
  console.log(`Portico's share: ${kb(load.share)} min+gz; budget ${kb(HEADLESS_LIMIT_BYTES)}.`)
  for (const chunk of load.perChunk) console.log(`  ${chunk.file}: ${kb(chunk.raw)} min, ${kb(chunk.gzipped)} min+gz, ${chunk.modules} modules`)
  console.log(`Modal code in it: ${load.modalModules.length === 0 ? 'none' : load.modalModules.join(', ')}`)
  console.log(`Heaviest modules: ${load.heaviest.map((m) => `${m.id} ${kb(m.bytes)}`).join(', ')}`)
  for (const problem of load.problems) console.error(`problem: ${problem}`)
  if (load.share > HEADLESS_LIMIT_BYTES || load.modalModules.length > 0 || load.problems.length > 0) process.exitCode = 1
}
