/**
 * The secure site's wallet page in a production build (Vite): the JS its frame loads at first
 * (the entry and its static imports) and each chunk it loads later, min+gz, so that the cost of
 * the smart-account code (viem's account abstraction and the Portico account, imported on first
 * use) is seen apart from the frame's first load.
 *
 *   npx tsx scripts/sizeSecureSite.ts
 */
import { readFileSync } from 'node:fs'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Manifest } from 'vite'

const root = fileURLToPath(new URL('../dev/secure-site/', import.meta.url))
const outDir = mkdtempSync(join(tmpdir(), 'portico-secure-site-'))
const config = { backendUrl: 'http://127.0.0.1:1', rpcUrls: { 31337: 'http://127.0.0.1:2' } }
try {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    define: { __PORTICO_SECURE_SITE__: JSON.stringify(config) },
    build: { outDir, manifest: true, emptyOutDir: true, rollupOptions: { input: join(root, 'index.html') } },
  })
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const gz = (file: string) => gzipSync(readFileSync(join(outDir, file))).length
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!
  const first = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]!
    if (first.has(chunk.file)) return
    first.add(chunk.file)
    for (const next of chunk.imports ?? []) visit(next)
  }
  visit(Object.keys(manifest).find((key) => manifest[key] === entry)!)
  const firstLoad = [...first].reduce((sum, file) => sum + gz(file), 0)
  console.log(`First load of the wallet frame: ${kb(firstLoad)} min+gz in ${first.size} chunks`)
  for (const [key, chunk] of Object.entries(manifest)) {
    if (first.has(chunk.file) || !chunk.file.endsWith('.js')) continue
    console.log(`  lazy: ${key} → ${chunk.file}: ${kb(gz(chunk.file))} min+gz`)
  }
} finally {
  rmSync(outDir, { recursive: true, force: true })
}
