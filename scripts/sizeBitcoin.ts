/**
 * What Bitcoin adds to an app's download, React external: the first load of an app whose networks
 * include a Bitcoin network (against the same app with an EVM network only, which must hold no
 * Bitcoin code), and the parts loaded on demand — the wiring with the Wallet Standard connector
 * (at start, in its own chunk), the send builder (with `@scure/btc-signer`, on the first Send),
 * and the core's Bitcoin WASM module (JS glue and `.wasm`, on the first PSBT or address check).
 * `npm run size` prints it; alone:
 *
 *   npx tsx scripts/sizeBitcoin.ts
 */
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Rolldown } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const ENTRY = '\0portico-size-entry'
const EVM = `{ id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://rpc.example'] } } }`

const entrySource = (withBitcoin: boolean) => `
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { createPortico, PorticoProvider, ConnectButton } from '${root}src/react/index.ts'
${withBitcoin ? `import { bitcoin } from '${root}src/connectors/bitcoin/bitcoin.ts'` : ''}
const portico = createPortico({ networks: [${EVM}${withBitcoin ? ', bitcoin' : ''}], projectId: 'p' })
createRoot(document.body).render(createElement(PorticoProvider, { portico }, createElement(ConnectButton)))
`

/** Modules that are Bitcoin's own: none may be in an EVM-only app's first load. */
const BITCOIN_MODULE = /node_modules\/@scure\/btc-signer\/|src\/connectors\/bitcoin\/|src\/features\/bitcoinWiring|src\/core\/wasm\/bitcoin\/|src\/core\/Bitcoin\.ts|src\/api\/EsploraClient/

type Size = { raw: number; gz: number; count: number }

async function bundle(withBitcoin: boolean) {
  const result = (await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [
      react(),
      { name: 'portico-size-entry', resolveId: (id) => (id === ENTRY ? ENTRY : undefined), load: (id) => (id === ENTRY ? entrySource(withBitcoin) : undefined) },
    ],
    build: { write: false, minify: true, target: 'es2022', modulePreload: false, rolldownOptions: { input: ENTRY, external: [/^react($|\/)/, /^react-dom($|\/)/] } },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
  const output = (Array.isArray(result) ? result[0]! : result).output
  const chunks = new Map(output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]))
  const withStaticImports = (fileName: string, into = new Set<string>()): Set<string> => {
    if (into.has(fileName) || !chunks.has(fileName)) return into
    into.add(fileName)
    for (const imported of chunks.get(fileName)?.imports ?? []) withStaticImports(imported, into)
    return into
  }
  const find = (suffix: string) => [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(suffix) || chunk.moduleIds.some((id) => id.endsWith(suffix)))
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry)!
  const firstLoad = withStaticImports(entry.fileName)
  const size = (files: Iterable<string>): Size => {
    let raw = 0
    let gz = 0
    for (const fileName of files) {
      const code = chunks.get(fileName)!.code
      raw += Buffer.byteLength(code)
      gz += gzipSync(code, { level: 9 }).length
    }
    return { raw, gz, count: [...files].length }
  }
  const lazy = (suffix: string, besides: Set<string>) => {
    const chunk = find(suffix)
    return chunk ? new Set([...withStaticImports(chunk.fileName)].filter((name) => !besides.has(name))) : new Set<string>()
  }
  const bitcoinInFirstLoad = [...firstLoad].flatMap((name) => chunks.get(name)!.moduleIds.filter((id) => BITCOIN_MODULE.test(id)).map((id) => id.replace(root, '')))
  const wiring = lazy('src/features/bitcoinWiring.ts', firstLoad)
  const send = lazy('src/connectors/bitcoin/esploraSendClient.ts', new Set([...firstLoad, ...wiring]))
  const wasmGlue = lazy('src/core/wasm/bitcoin/portico_wasm_bitcoin.js', new Set([...firstLoad, ...wiring, ...send]))
  return { firstLoad: size(firstLoad), wiring: size(wiring), send: size(send), wasmGlue: size(wasmGlue), bitcoinInFirstLoad }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

/** Measures and prints; returns the problems found (Bitcoin code in an EVM-only app's first load). */
export async function measureBitcoin(): Promise<string[]> {
  const evmOnly = await bundle(false)
  const withBitcoin = await bundle(true)
  const wasm = readFileSync(`${root}src/core/wasm/bitcoin/portico_wasm_bitcoin_bg.wasm`)
  console.log(
    `Bitcoin: first load with an EVM network only ${kb(evmOnly.firstLoad.gz)} min+gz, Bitcoin code in it: ${evmOnly.bitcoinInFirstLoad.length === 0 ? 'none' : evmOnly.bitcoinInFirstLoad.join(', ')}; ` +
      `with a Bitcoin network too ${kb(withBitcoin.firstLoad.gz)} (+${kb(withBitcoin.firstLoad.gz - evmOnly.firstLoad.gz)}).`,
  )
  const parts: [string, Size][] = [
    ['Bitcoin wiring and Wallet Standard connector, at start of a Bitcoin app', withBitcoin.wiring],
    ['Bitcoin send builder (@scure/btc-signer), on the first Send', withBitcoin.send],
    ['Bitcoin core WASM glue (JS), on the first PSBT or address check', withBitcoin.wasmGlue],
  ]
  for (const [label, part] of parts) console.log(`  ${label}: ${kb(part.raw)} min, ${kb(part.gz)} min+gz in ${part.count} chunk(s).`)
  console.log(`  Bitcoin core WASM module (.wasm), with its glue: ${kb(wasm.length)}, ${kb(gzipSync(wasm, { level: 9 }).length)} gz.`)
  return evmOnly.bitcoinInFirstLoad.length > 0 ? [`Bitcoin code is in an EVM-only app's first load: ${evmOnly.bitcoinInFirstLoad.join(', ')}`] : []
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = await measureBitcoin()
  for (const problem of problems) console.error(`size: ${problem}`)
  if (problems.length > 0) process.exitCode = 1
}
