import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Every module a file imports (static, dynamic, re-exports), resolved against `src`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!)
  return specs.map((spec) => relative(root, join(file, '..', spec)).replaceAll('\\', '/'))
}

describe('the connectors', () => {
  it('import no store and no view: they are handed their context', () => {
    const offending = sources(join(root, 'connectors')).flatMap((file) =>
      importsOf(file).filter((target) => /^(controllers|ui|react)\//.test(target)).map((target) => `${relative(root, file)} → ${target}`),
    )
    expect(offending).toEqual([])
  })

  it('reads the imports of a connector file (the check above sees what they are)', () => {
    const probe = join(root, 'connectors', 'Connector.ts')
    expect(importsOf(probe).some((target) => target.startsWith('networks/'))).toBe(true)
  })
})
