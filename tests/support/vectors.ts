import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The shared conformance vectors: `../shared/vectors` beside the repository (as CI lays it out). */
export function vectorsDir(): string {
  for (const candidate of [join(root, '../shared/vectors'), join(root, 'shared/vectors')]) {
    if (existsSync(candidate)) return candidate
  }
  throw new Error(`Conformance vectors not found beside ${root} (expected ../shared/vectors)`)
}

export function readVectors<T>(path: string): T {
  return JSON.parse(readFileSync(join(vectorsDir(), path), 'utf8')) as T
}
