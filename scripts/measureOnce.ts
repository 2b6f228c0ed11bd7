import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

/** A measure's result as `measureOnce` returns it: `reused` when it was read from the cache. */
export type Measured<result> = result & { reused: boolean }

/**
 * Runs `measure` once for the inputs that `key` names: its result is written to `file` with the
 * key, and a later call with the same key (say, `npm run size` after the consumer test of one CI
 * run) reads it back instead of measuring again. A different key, a missing or unreadable file,
 * or a result `keep` turns down (one that saw a passing failure) means measuring afresh.
 *
 * @example
 * const load = await measureOnce('.cache/measures/headless.json', key, () => measure(tarball), (r) => r.problems.length === 0)
 */
export async function measureOnce<result extends object>(file: string, key: string, measure: () => Promise<result>, keep: (result: result) => boolean = () => true): Promise<Measured<result>> {
  const cached = readCache<result>(file)
  if (cached?.key === key) return { ...cached.result, reused: true }
  const result = await measure()
  if (keep(result)) {
    mkdirSync(dirname(file), { recursive: true })
    // Written beside and renamed, so that a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`
    writeFileSync(partial, `${JSON.stringify({ key, result }, null, 2)}\n`)
    renameSync(partial, file)
  }
  return { ...result, reused: false }
}

function readCache<result>(file: string): { key: string; result: result } | undefined {
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as { key?: unknown; result?: unknown }
    return typeof cached.key === 'string' && typeof cached.result === 'object' && cached.result !== null ? (cached as { key: string; result: result }) : undefined
  } catch {
    return undefined
  }
}

/**
 * A hash of what a measure reads: the bytes of each file, and of each folder's files (by their
 * path inside it, in order), leaving out paths that `skip` matches (a build's own output).
 *
 * @example
 * inputsKey(['examples/headless', 'scripts/sizeHeadless.ts'], /\/node_modules\//)
 */
export function inputsKey(paths: readonly string[], skip?: RegExp): string {
  const hash = createHash('sha256')
  for (const path of paths) {
    for (const file of filesOf(path, skip)) hash.update(`${relative(path, file)}\0`).update(readFileSync(file)).update('\0')
    hash.update('\0\0')
  }
  return hash.digest('hex')
}

function filesOf(path: string, skip: RegExp | undefined): string[] {
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .map((name) => join(path, name))
    .filter((file) => !skip?.test(`/${relative(path, file)}`) && statSync(file).isFile())
    .sort()
}
