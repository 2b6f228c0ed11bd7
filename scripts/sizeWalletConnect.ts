/**
 * What WalletConnect costs an app, measured where it matters: in a consumer's production build.
 * Packs Portico, installs it into two Vite 8 + React 19 consumer apps (examples/vite,
 * and vite-walletconnect, the same app with `walletConnect()` from `portico/walletconnect` and
 * `@walletconnect/universal-provider` installed), builds both, and prints, min and min+gz with
 * React left out:
 * - the first load of each (the entry and what it imports statically) and the difference;
 * - every chunk that loads only once WalletConnect is needed (the session on the universal
 *   provider, and what it alone imports), one line each, and their total.
 * Then it serves the WalletConnect app with `vite preview`, starts the local relay, and times in
 * Chromium, in the page, "WalletConnect" clicked → the QR code painted (a fresh browser profile
 * each time, so every run is cold: the view chunk, the provider chunks, the relay socket).
 *
 *   npx tsx scripts/sizeWalletConnect.ts [runs=5]
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { start as startRelay } from '../dev/relay/start'
import { consumerEnv } from '../tests/consumers/consumerEnv'
import { installConsumerApp } from '../tests/consumers/installConsumerApp'
import { packTarball } from '../tests/consumers/packTarball'
import { freePort, startServer } from '../tests/consumers/startServer'
import { chromiumLaunchOptions } from '../vite.config'

type Chunk = { fileName: string; isEntry: boolean; imports: string[]; dynamicImports: string[]; moduleIds: string[] }
type Build = { dir: string; chunks: Map<string, Chunk> }

const runs = Number(process.argv[2] ?? 5)
const WALLETCONNECT_MODULE = /node_modules\/(@walletconnect|@reown)\/|\/portico\/dist\/connectors\/walletconnect\/WalletConnectSession\.js$/

function build(app: string, tarball: string): Build {
  const dir = installConsumerApp(app, tarball)
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: dir, env: consumerEnv(), stdio: ['ignore', 'inherit', 'inherit'] })
  const chunks = JSON.parse(readFileSync(join(dir, 'dist/chunks.json'), 'utf8')) as Chunk[]
  return { dir, chunks: new Map(chunks.map((chunk) => [chunk.fileName, chunk])) }
}

/** `fileNames` and every chunk they import statically, transitively. */
function withStaticImports({ chunks }: Build, fileNames: Iterable<string>, into = new Set<string>()): Set<string> {
  for (const fileName of fileNames) {
    if (into.has(fileName) || !chunks.has(fileName)) continue
    into.add(fileName)
    withStaticImports({ dir: '', chunks }, chunks.get(fileName)!.imports, into)
  }
  return into
}

const isReact = (chunk: Chunk) => chunk.moduleIds.every((id) => /node_modules\/(react|react-dom|scheduler)\//.test(id))

function size(app: Build, fileName: string): { raw: number; gz: number } {
  const code = readFileSync(join(app.dir, 'dist', fileName))
  return { raw: code.length, gz: gzipSync(code, { level: 9 }).length }
}

function total(app: Build, fileNames: Iterable<string>): { raw: number; gz: number; count: number } {
  let raw = 0
  let gz = 0
  let count = 0
  for (const fileName of fileNames) {
    if (isReact(app.chunks.get(fileName)!)) continue
    const one = size(app, fileName)
    raw += one.raw
    gz += one.gz
    count++
  }
  return { raw, gz, count }
}

function firstLoad(app: Build): Set<string> {
  return withStaticImports(app, [...app.chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName))
}

/**
 * Run in the page (as source text, so the script's own transpiler adds nothing to it): from the
 * click's capture to the first frame painted after the QR code's SVG is in the modal.
 */
const TIME_CLICK_TO_QR = `new Promise((resolve) => {
  let clickedAt = 0
  document.addEventListener('click', () => { clickedAt ||= performance.now() }, { capture: true, once: true })
  const check = () => {
    if (!clickedAt || !document.querySelector('portico-modal')?.shadowRoot?.querySelector('.qr[data-ready="true"] svg')) return requestAnimationFrame(check)
    const ready = performance.now()
    requestAnimationFrame(() => requestAnimationFrame(() => resolve({ uri: ready - clickedAt, painted: performance.now() - clickedAt })))
  }
  requestAnimationFrame(check)
})`

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const tarball = packTarball()
const plain = build('vite', tarball)
const withWc = build('vite-walletconnect', tarball)

const plainFirst = total(plain, firstLoad(plain))
const wcFirstFiles = firstLoad(withWc)
const wcFirst = total(withWc, wcFirstFiles)
const early = [...wcFirstFiles].filter((fileName) => withWc.chunks.get(fileName)!.moduleIds.some((id) => WALLETCONNECT_MODULE.test(id)))
console.log(`First load (React excluded): ${kb(plainFirst.gz)} min+gz without WalletConnect, ${kb(wcFirst.gz)} with walletConnect() registered (+${kb(wcFirst.gz - plainFirst.gz)}).`)

const lazyRoots = [...withWc.chunks.values()].filter((chunk) => chunk.moduleIds.some((id) => WALLETCONNECT_MODULE.test(id))).map((chunk) => chunk.fileName)
const lazy = [...withStaticImports(withWc, lazyRoots)].filter((fileName) => !wcFirstFiles.has(fileName))
console.log('WalletConnect chunks, loaded when the modal needs a pairing URI or a reload restores a session:')
for (const fileName of lazy) {
  const one = size(withWc, fileName)
  const chunk = withWc.chunks.get(fileName)!
  const packages = [...new Set(chunk.moduleIds.map((id) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1] ?? 'app'))]
  console.log(`  ${fileName}: ${kb(one.raw)} min, ${kb(one.gz)} min+gz (${packages.slice(0, 6).join(', ')}${packages.length > 6 ? `, +${packages.length - 6} more` : ''})`)
}
const lazyTotal = total(withWc, lazy)
console.log(`  total: ${kb(lazyTotal.raw)} min, ${kb(lazyTotal.gz)} min+gz in ${lazyTotal.count} chunk(s)`)
if (early.length > 0) {
  console.error(`sizeWalletConnect: WalletConnect code is in the first load: ${early.join(', ')}`)
  process.exitCode = 1
}

// Click → QR painted, in the production build, against the local relay.
const relay = await startRelay()
const port = await freePort()
const url = `http://127.0.0.1:${port}/?relay=${encodeURIComponent(relay.url)}`
const server = await startServer('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: withWc.dir, url: `http://127.0.0.1:${port}/` })
const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
try {
  const times: { uri: number; painted: number }[] = []
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(url)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const button = page.getByRole('dialog', { name: 'Connect wallet' }).getByRole('button', { name: 'WalletConnect' })
    await button.waitFor()
    const timing = page.evaluate(TIME_CLICK_TO_QR) as Promise<{ uri: number; painted: number }>
    await button.click()
    times.push(await timing)
    await context.close()
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const painted = times.map((time) => time.painted)
  console.log(`WalletConnect clicked → QR painted (production build, local relay, cold page, ${runs} runs): median ${median(painted).toFixed(0)} ms (${painted.map((ms) => ms.toFixed(0)).join(', ')})`)
} finally {
  await browser.close()
  await server.stop()
  await relay.stop()
}
