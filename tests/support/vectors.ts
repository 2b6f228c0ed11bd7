import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The conformance vectors kept in the repository (sources and licences in its README). */
export const vectorsDir = join(root, 'crates/portico-core/tests/vectors')

export function readVectors<T>(path: string): T {
  return JSON.parse(readFileSync(join(vectorsDir, path), 'utf8')) as T
}
