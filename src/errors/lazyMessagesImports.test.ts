import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The modules a file imports or re-exports at run time (type-only imports left out), resolved against `src`. */
function runtimeImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specs = [...text.matchAll(/(?:(?:import|export)\s+(?!type\s)[^'"]*?from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!)
  return specs.map((spec) => relative(root, join(file, '..', spec)).replaceAll('\\', '/'))
}

describe('the lazy families of error texts', () => {
  it('are read from errorMessages.ts only, so that an app bundles them with the union (one chunk, not two)', () => {
    const readers = sources(root)
      .filter((file) => runtimeImportsOf(file).includes('errors/lazyMessages'))
      .map((file) => relative(root, file))
    expect(readers).toEqual(['errors/errorMessages.ts'])
  })

  it('reads what a file imports at run time, and not its type-only imports', () => {
    expect(runtimeImportsOf(join(root, 'errors/errorMessages.ts'))).toContain('errors/lazyMessages')
    expect(runtimeImportsOf(join(root, 'errors/errorTypes.ts'))).toEqual([])
  })
})
