/**
 * First-load size of the modal: what an app downloads before the Connect view paints — the
 * button, the provider and modal shell, `createPortico`, and the Connect view's lazy chunk with
 * everything they import statically. React and ReactDOM are external (the app has them). Prints
 * min+gz, and fails above 50 kB.
 *
 *   npm run size
 */
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Rolldown } from 'vite'

const LIMIT_BYTES = 50 * 1024
const root = fileURLToPath(new URL('..', import.meta.url))
const ENTRY = '\0portico-size-entry'

const entrySource = `
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { createPortico, PorticoProvider, ConnectButton } from '${root}src/react/index.ts'
const portico = createPortico({ networks: [] })
createRoot(document.body).render(createElement(PorticoProvider, { portico }, createElement(ConnectButton)))
`

const result = (await build({
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [
    react(),
    {
      name: 'portico-size-entry',
      resolveId: (id) => (id === ENTRY ? ENTRY : undefined),
      load: (id) => (id === ENTRY ? entrySource : undefined),
    },
  ],
  build: {
    write: false,
    minify: true,
    target: 'es2022',
    modulePreload: false,
    rolldownOptions: { input: ENTRY, external: [/^react($|\/)/, /^react-dom($|\/)/] },
  },
})) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]

const output = (Array.isArray(result) ? result[0]! : result).output
const chunks = new Map(output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]))

/** A chunk and everything it imports statically. */
function withStaticImports(fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName) || !chunks.has(fileName)) return into // externals (React) are not chunks
  into.add(fileName)
  for (const imported of chunks.get(fileName)?.imports ?? []) withStaticImports(imported, into)
  return into
}

const entry = [...chunks.values()].find((chunk) => chunk.isEntry)
const connectView = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith('src/ui/views/ConnectView.tsx'))
if (!entry || !connectView) throw new Error('size: entry or ConnectView chunk not found')
const firstLoad = withStaticImports(connectView.fileName, withStaticImports(entry.fileName))

let raw = 0
let gzipped = 0
for (const fileName of firstLoad) {
  const code = chunks.get(fileName)!.code
  raw += Buffer.byteLength(code)
  gzipped += gzipSync(code, { level: 9 }).length
}
const lazy = [...chunks.keys()].filter((name) => !firstLoad.has(name)).length
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
console.log(`First load (button + modal shell + Connect view, React external): ${kb(raw)} min, ${kb(gzipped)} min+gz in ${firstLoad.size} chunks; ${lazy} chunks load later.`)
console.log(`Budget: ${kb(LIMIT_BYTES)} min+gz — ${gzipped <= LIMIT_BYTES ? 'within' : 'OVER'}.`)
if (gzipped > LIMIT_BYTES) process.exitCode = 1
