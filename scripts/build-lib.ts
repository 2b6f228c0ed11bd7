/**
 * Library build: plain ES modules that any bundler or runtime takes as they are. Rolldown (the
 * bundler inside Vite) is called directly rather than through Vite, because Vite wraps every
 * dynamic `import()` in its `__vitePreload` helper, which then clashes with the helper the app's own
 * Vite injects. Each source module becomes one output file under the same path
 * (`preserveModules`), so:
 *   - the lazy parts (views, connectors, the WASM core) stay behind plain `import()` and the app's
 *     bundler splits them as it likes;
 *   - `new URL('./wasm/<ns>/portico_wasm_<ns>_bg.wasm', import.meta.url)` in `core/wasm<Ns>.js` stays
 *     correct, since each `.wasm` is copied to `dist/core/wasm/<ns>/` (by scripts/build.sh).
 * Dependencies stay external. Entries that export components or hooks start with 'use client'.
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'rolldown'
import { transform } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Public entry points: `dist/<key>.js`. */
const entries: Record<string, string> = {
  'core/index': 'src/core/index.ts',
  'react/index': 'src/react/index.ts',
  // Hooks for an app's own connect UI: no view, modal shell or stylesheet in its import graph.
  'headless/index': 'src/headless/index.ts',
  'wagmi/index': 'src/wagmi/index.ts',
  // Its own entry, so that an app without WalletConnect never sees the provider.
  'connectors/walletconnect/walletConnect': 'src/connectors/walletconnect/walletConnect.ts',
  // The embedded (email) wallet: a small connector; the frame and its protocol sit behind import().
  'connectors/embedded/embeddedWallet': 'src/connectors/embedded/embeddedWallet.ts',
  // Bitcoin networks and the Wallet Standard Bitcoin connector (no Bitcoin library in it).
  'connectors/bitcoin/bitcoin': 'src/connectors/bitcoin/bitcoin.ts',
}

/** Output entries that React Server Components must treat as client modules. */
const clientEntries = new Set(['react/index.js', 'headless/index.js'])

const INLINE_CSS = /\.css\?inline$/

/**
 * `import css from './X.css?inline'` (the Vite convention the source uses): the minified stylesheet
 * as a string, in a module of its own (`X.css.js`).
 */
const inlineCss: Plugin = {
  name: 'portico-inline-css',
  resolveId(source, importer) {
    if (!INLINE_CSS.test(source) || !importer) return null
    return `${fileURLToPath(new URL(source.replace(INLINE_CSS, '.css'), `file://${importer}`))}.js`
  },
  async load(id) {
    if (!id.endsWith('.css.js')) return null
    const { code } = await transform(await readFile(id.slice(0, -'.js'.length), 'utf8'), { loader: 'css', minify: true })
    return { code: `export default ${JSON.stringify(code.trim())}`, moduleType: 'js' }
  },
}

const isBare = (id: string) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:/.test(id)

await build({
  cwd: root,
  input: entries,
  external: isBare,
  plugins: [inlineCss],
  platform: 'neutral',
  logLevel: 'warn',
  transform: { target: 'es2022', jsx: { runtime: 'automatic' } },
  output: {
    dir: 'dist',
    format: 'es',
    sourcemap: true,
    minify: false,
    preserveModules: true,
    preserveModulesRoot: 'src',
    entryFileNames: '[name].js',
    banner: (chunk) => (clientEntries.has(chunk.fileName) ? "'use client';" : ''),
  },
})
