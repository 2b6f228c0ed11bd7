/**
 * What the embedded (email) wallet adds to an app's download, min+gz, React external: the first
 * load of an app that registers `embeddedWallet()` (against the same app without it), and what
 * loads when the visitor presses Continue with an email — the frame and protocol chunk (zod
 * schemas included) and the email views — which is all the app side fetches before the code step
 * (the secure site's own page loads in its frame, from its own origin).
 *
 *   npx tsx scripts/sizeEmbedded.ts
 */
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Rolldown } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const ENTRY = '\0portico-size-entry'

function entrySource(withEmbedded: boolean): string {
  return `
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { createPortico, PorticoProvider, ConnectButton } from '${root}src/react/index.ts'
${withEmbedded ? `import { embeddedWallet } from '${root}src/connectors/embedded/embeddedWallet.ts'` : ''}
const portico = createPortico({ networks: [], projectId: 'p'${withEmbedded ? `, connectors: [embeddedWallet({ secureSiteUrl: 'https://wallet.example/' })]` : ''} })
createRoot(document.body).render(createElement(PorticoProvider, { portico }, createElement(ConnectButton)))
`
}

async function bundle(withEmbedded: boolean) {
  const result = (await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [
      react(),
      { name: 'portico-size-entry', resolveId: (id) => (id === ENTRY ? ENTRY : undefined), load: (id) => (id === ENTRY ? entrySource(withEmbedded) : undefined) },
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
    let gz = 0
    let raw = 0
    for (const fileName of files) {
      const code = chunks.get(fileName)!.code
      raw += Buffer.byteLength(code)
      gz += gzipSync(code, { level: 9 }).length
    }
    return { raw, gz }
  }
  const onContinue = new Set<string>()
  for (const module of ['src/connectors/embedded/EmbeddedSession.ts', 'src/ui/views/EmailLoginView.tsx']) {
    const chunk = find(module)
    if (chunk) for (const name of withStaticImports(chunk.fileName)) if (!firstLoad.has(name)) onContinue.add(name)
  }
  const inFirstLoad = [...firstLoad].some((name) => chunks.get(name)!.moduleIds.some((id) => id.includes('src/connectors/embedded/EmbeddedFrame') || id.includes('protocol/frameSchemas')))
  return { firstLoad: size(firstLoad), onContinue: size(onContinue), onContinueCount: onContinue.size, inFirstLoad }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const without = await bundle(false)
const withEmbedded = await bundle(true)
console.log(`First load without the embedded wallet: ${kb(without.firstLoad.gz)} min+gz; with embeddedWallet() registered: ${kb(withEmbedded.firstLoad.gz)} (+${kb(withEmbedded.firstLoad.gz - without.firstLoad.gz)}).`)
console.log(`Frame, protocol or schemas in the first load: ${withEmbedded.inFirstLoad ? 'YES (a regression)' : 'no'}.`)
console.log(`Loaded on "Continue" with an email (frame + protocol + zod schemas + email views): ${kb(withEmbedded.onContinue.raw)} min, ${kb(withEmbedded.onContinue.gz)} min+gz in ${withEmbedded.onContinueCount} chunk(s).`)
if (withEmbedded.inFirstLoad) process.exitCode = 1
