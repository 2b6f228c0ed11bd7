import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** The repository root and the folder that holds the consumer apps' cached installs. */
export const repoRoot = resolve(import.meta.dirname, '../..')
export const consumersCache = join(repoRoot, '.cache/consumers')

/**
 * Packs the package exactly as `npm publish` would (`prepack` builds dist/ first) and returns the
 * tarball's path, in `.cache/consumers/`.
 */
export function packTarball(): string {
  mkdirSync(consumersCache, { recursive: true })
  const out = execFileSync('npm', ['pack', '--json', '--loglevel=error', '--pack-destination', consumersCache], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [info] = JSON.parse(out.slice(out.search(/^\[\s*\{/m)) /* the JSON, after whatever the prepack build printed */) as { filename: string }[]
  if (!info) throw new Error(`npm pack printed no tarball:\n${out}`)
  return join(consumersCache, info.filename)
}
