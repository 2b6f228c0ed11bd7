/**
 * Type-checks every TypeScript sample of the docs (`ts` and `tsx` blocks, the generated API
 * reference's `@example`s included) against the sources, as one `tsc` program. Exits 1 and
 * names page and line of each error; a sample that does not compile fails `npm run docs:build`.
 *
 *   npx tsx scripts/docs/checkSamples.ts
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { allSamples, type DocSample } from './docSamples'

const repo = join(import.meta.dirname, '../..')
const out = join(repo, '.cache/docs-samples')
const entries: Record<string, string> = {
  'portico/core': 'src/core/index.ts',
  'portico/react': 'src/react/index.ts',
  'portico/headless': 'src/headless/index.ts',
  'portico/wagmi': 'src/wagmi/index.ts',
  'portico/walletconnect': 'src/connectors/walletconnect/walletConnect.ts',
  'portico/embedded': 'src/connectors/embedded/embeddedWallet.ts',
  'portico/bitcoin': 'src/connectors/bitcoin/bitcoin.ts',
}

/**
 * The names an entry exports, read from its source (the entries are lists of re-exports), with
 * whether each is a type: an `@example` in the API reference uses them without importing them.
 */
function exportsOf(file: string): { name: string; type: boolean }[] {
  const text = readFileSync(join(repo, file), 'utf8')
  const names: { name: string; type: boolean }[] = []
  for (const [, typeOnly, list] of text.matchAll(/export (type )?\{([^}]*)\}/g)) {
    for (const item of list!.split(',').map((i) => i.trim()).filter(Boolean)) {
      const isType = Boolean(typeOnly) || item.startsWith('type ')
      names.push({ name: item.replace(/^type /, '').split(/\s+as\s+/).pop()!.trim(), type: isType })
    }
  }
  for (const [, name] of text.matchAll(/export \* as (\w+)/g)) names.push({ name: name!, type: false })
  for (const [, kind, name] of text.matchAll(/export (?:async )?(function|const|class|type|interface) (\w+)/g)) names.push({ name: name!, type: kind === 'type' || kind === 'interface' })
  return names
}

/** What an API page's `@example` may use unannounced: its entry's exports and a few values of an app. */
function apiScope(page: string, code: string): string {
  const entry = /^api\/(portico\/\w+)/.exec(page)?.[1]
  if (!entry || !entries[entry]) return ''
  const imported = new Set([...code.matchAll(/import[^'"]*from/g)].flatMap(([m]) => m.match(/\w+/g) ?? []))
  const names = exportsOf(entries[entry]).filter(({ name }) => !imported.has(name))
  const declared = (name: string) => imported.has(name) || new RegExp(`\\b(const|let|var|function|class)\\s+${name}\\b`).test(code)
  const fixtures = [
    "import type { Portico as PorticoInstance, PorticoOptions as AppOptions } from 'portico/react'",
    "import type { Transaction as LegacySolanaTransaction, VersionedTransaction } from '@solana/web3.js'",
    ...(declared('createPortico') || names.some((n) => n.name === 'createPortico') ? [] : ["import { createPortico } from 'portico/react'"]),
    ...Object.entries({
      networks: "AppOptions['networks']",
      mainnet: "AppOptions['networks'][number]",
      portico: 'PorticoInstance',
      projectId: 'string',
      bytes: 'Uint8Array',
      transaction: 'LegacySolanaTransaction',
      versionedTransaction: 'VersionedTransaction',
      root: "import('react-dom/client').Root",
      App: "() => import('react').ReactNode",
      // Bitcoin examples: a PSBT (base64), the visitor's address, a raw transaction in hex.
      psbt: 'string',
      base64: 'string',
      paymentAddress: 'string',
      rawHex: 'string',
      hexToBytes: '(hex: string) => Uint8Array',
    }).filter(([name]) => !declared(name)).map(([name, type]) => `declare const ${name}: ${type}`),
  ]
  return `${names.length ? `import { ${names.map(({ name, type }) => (type ? `type ${name}` : name)).join(', ')} } from '${entry}'\n` : ''}${fixtures.join('\n')}\n`
}

const samples = allSamples(join(repo, 'docs'))
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
const byFile = new Map<string, DocSample>()
for (const sample of samples) {
  // The API reference's examples come from TSDoc, which marks every one `ts`; JSX is common there.
  const scope = apiScope(sample.page, sample.code)
  const file = `${sample.page.replace(/[/.]/g, '_')}_${sample.line}.${sample.page.startsWith('api/') ? 'tsx' : sample.lang}`
  byFile.set(file, { ...sample, line: sample.line - scope.split('\n').length + 1 })
  // Each sample is a module of its own: top-level await works, and names do not clash.
  writeFileSync(join(out, file), `${scope}${sample.code}\nexport {}\n`)
}
writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify({
    extends: '../../tsconfig.json',
    compilerOptions: {
      // A sample's `./dev/…` and `./src/…` imports resolve from the repository's root, as written.
      rootDirs: ['.', '../..'],
      paths: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, [`../../${file}`]])),
      noUnusedLocals: false,
    },
    include: ['*.ts', '*.tsx', '../../src/**/*.d.ts'],
    exclude: [],
  }, null, 2),
)

const tsc = spawnSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', join(out, 'tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8' })
const errors: string[] = []
for (const line of `${tsc.stdout}${tsc.stderr}`.split('\n')) {
  const match = /([^/\s]+\.tsx?)\((\d+),(\d+)\): (error .*)$/.exec(line)
  const sample = match && byFile.get(match[1]!)
  if (sample && match) errors.push(`docs/${sample.page}:${sample.line + Number(match[2]) - 1}:${match[3]} ${match[4]}`)
  else if (line.includes('error')) errors.push(line)
}
if (tsc.status !== 0 || errors.length > 0) {
  console.error(`${errors.join('\n')}\n\n${errors.length} error(s) in the docs' TypeScript samples (${samples.length} samples checked).`)
  process.exit(1)
}
console.log(`docs: ${samples.length} TypeScript samples type-check`)
