/**
 * Gives every relative import in the emitted declarations (`dist/**\/*.d.ts`) its full `.js` path,
 * which TypeScript requires under `moduleResolution` `node16`/`nodenext`. A path is completed when
 * the declaration it names exists (`./X.d.ts` → `./X.js`, `./dir/index.d.ts` → `./dir/index.js`),
 * so type-only modules, which have no `.js` of their own, are covered too.
 *
 *   npx tsx scripts/completeDeclarationPaths.ts dist
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const root = resolve(process.argv[2] ?? 'dist')
const RELATIVE = /(\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]*)\2/gm

/** The full specifier for `spec` seen from `file`, or `spec` when it is complete or names nothing. */
function complete(file: string, spec: string): string {
  if (/\.(js|mjs|cjs|json)$/.test(spec)) return spec
  const target = resolve(dirname(file), spec)
  if (existsSync(`${target}.d.ts`)) return `${spec}.js`
  if (existsSync(join(target, 'index.d.ts'))) return `${spec}/index.js`
  return spec
}

let changed = 0
for (const path of readdirSync(root, { recursive: true }) as string[]) {
  if (!path.endsWith('.d.ts')) continue
  const file = join(root, path)
  const text = readFileSync(file, 'utf8')
  const next = text.replace(RELATIVE, (_, lead: string, quote: string, spec: string) => `${lead}${quote}${complete(file, spec)}${quote}`)
  if (next !== text) {
    writeFileSync(file, next)
    changed++
  }
}
// stderr: `npm pack --json` runs this build, and its stdout must stay JSON.
process.stderr.write(`declarations: full .js paths in ${changed} files\n`)
