/**
 * What Solana adds to an app's download, min+gz, React external: the first load of an app whose
 * networks include a Solana cluster (against the same app with an EVM network only), and the
 * chunks loaded on demand — the provider (with `@solana/web3.js`), loaded with the first Solana
 * connect; the node reads; the transfer builder (with `@solana/spl-token`).
 *
 *   npx tsx scripts/sizeSolana.ts
 */
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Rolldown } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const ENTRY = '\0portico-size-entry'
const EVM = `{ id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://rpc.example'] } } }`
const SOLANA = `{ id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainNamespace: 'solana', name: 'Solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['https://rpc.example'] } } }`

const entrySource = (withSolana: boolean) => `
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { createPortico, PorticoProvider, ConnectButton } from '${root}src/react/index.ts'
const portico = createPortico({ networks: [${EVM}${withSolana ? `, ${SOLANA}` : ''}], projectId: 'p' })
createRoot(document.body).render(createElement(PorticoProvider, { portico }, createElement(ConnectButton)))
`

async function bundle(withSolana: boolean) {
  const result = (await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [
      react(),
      { name: 'portico-size-entry', resolveId: (id) => (id === ENTRY ? ENTRY : undefined), load: (id) => (id === ENTRY ? entrySource(withSolana) : undefined) },
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
  const firstLoad = withStaticImports(find('src/ui/views/ConnectView.tsx')!.fileName, withStaticImports(entry.fileName))
  const size = (files: Iterable<string>) => {
    let raw = 0
    let gz = 0
    for (const fileName of files) {
      const code = chunks.get(fileName)!.code
      raw += Buffer.byteLength(code)
      gz += gzipSync(code, { level: 9 }).length
    }
    return { raw, gz, count: [...files].length }
  }
  const lazy = (suffix: string, besides: Set<string> = firstLoad) => {
    const chunk = find(suffix)
    return chunk ? new Set([...withStaticImports(chunk.fileName)].filter((name) => !besides.has(name))) : new Set<string>()
  }
  if (process.env.SIZE_MODULES) for (const name of firstLoad) console.log(chunks.get(name)!.moduleIds.map((id) => id.replace(root, '')).join('\n'))
  const web3InFirstLoad = [...firstLoad].some((name) => chunks.get(name)!.moduleIds.some((id) => id.includes('node_modules/@solana/web3.js/')))
  const provider = lazy('src/connectors/solana/SolanaProvider.ts')
  const reads = lazy('src/api/SolanaRpcClient.ts', new Set([...firstLoad, ...provider]))
  const send = lazy('src/connectors/solana/solanaSendClient.ts', new Set([...firstLoad, ...provider, ...reads]))
  return { firstLoad: size(firstLoad), provider: size(provider), reads: size(reads), send: size(send), web3InFirstLoad }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const without = await bundle(false)
const withSolana = await bundle(true)
console.log(`First load with an EVM network only: ${kb(without.firstLoad.gz)} min+gz; with a Solana network too: ${kb(withSolana.firstLoad.gz)} (+${kb(withSolana.firstLoad.gz - without.firstLoad.gz)}); web3.js in it: ${withSolana.web3InFirstLoad ? 'YES' : 'no'}.`)
for (const [label, part] of [['Solana provider (web3.js), on the first Solana connect', withSolana.provider], ['node reads (balance, tokens, activity), on top', withSolana.reads], ['transfer builder (spl-token), on the first Send', withSolana.send]] as const) {
  console.log(`${label}: ${kb(part.raw)} min, ${kb(part.gz)} min+gz in ${part.count} chunk(s).`)
}
if (withSolana.web3InFirstLoad) process.exitCode = 1
