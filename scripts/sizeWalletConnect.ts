/**
 * What WalletConnect adds to an app's download, min+gz, React external: the first load of an app
 * that registers `walletConnect()` (against the same app without it: the connector class and
 * the view wiring), and the lazily loaded chunks — the session on `@walletconnect/universal-provider`,
 * which loads when the modal needs a pairing URI or a reload restores a session.
 *
 *   npx tsx scripts/sizeWalletConnect.ts
 */
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Rolldown } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const ENTRY = '\0portico-size-entry'

function entrySource(withWalletConnect: boolean): string {
  return `
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { createPortico, PorticoProvider, ConnectButton } from '${root}src/react/index.ts'
${withWalletConnect ? `import { walletConnect } from '${root}src/connectors/walletconnect/walletConnect.ts'` : ''}
const portico = createPortico({ networks: [], projectId: 'p'${withWalletConnect ? `, connectors: [walletConnect({ relayUrl: 'wss://relay.example' })]` : ''} })
createRoot(document.body).render(createElement(PorticoProvider, { portico }, createElement(ConnectButton)))
`
}

async function bundle(withWalletConnect: boolean) {
  const result = (await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [
      react(),
      { name: 'portico-size-entry', resolveId: (id) => (id === ENTRY ? ENTRY : undefined), load: (id) => (id === ENTRY ? entrySource(withWalletConnect) : undefined) },
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
  const find = (suffix: string) => [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(suffix))
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
    return { raw, gz }
  }
  const session = find('src/connectors/walletconnect/WalletConnectSession.ts')
  const lazy = session ? [...withStaticImports(session.fileName)].filter((name) => !firstLoad.has(name)) : []
  const view = find('src/ui/views/ConnectingWalletConnectView.tsx')
  const viewChunks = view ? [...withStaticImports(view.fileName)].filter((name) => !firstLoad.has(name) && !lazy.includes(name)) : []
  return { firstLoad: size(firstLoad), lazy: size(lazy), lazyCount: lazy.length, view: size(viewChunks) }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const without = await bundle(false)
const withWc = await bundle(true)
console.log(`First load without WalletConnect: ${kb(without.firstLoad.gz)} min+gz; with walletConnect() registered: ${kb(withWc.firstLoad.gz)} (+${kb(withWc.firstLoad.gz - without.firstLoad.gz)}).`)
console.log(`WalletConnect session chunk(s), loaded on demand: ${kb(withWc.lazy.raw)} min, ${kb(withWc.lazy.gz)} min+gz in ${withWc.lazyCount} chunk(s).`)
console.log(`ConnectingWalletConnect view chunk(s) (QR view, not counting the shared qrcode chunk if already loaded): ${kb(withWc.view.gz)} min+gz.`)
