import { build, type BuildOptions } from 'esbuild'

/**
 * The source modules an app loads first from `entry` (the entry point's path ends with it; `<stdin>`
 * for `options.stdin`): esbuild bundles `options` with splitting (packages external), and the entry
 * chunk and the chunks it imports statically, transitively, are read from the metafile. What sits
 * behind `import()` is left out (those chunks are entry points of their own in the metafile).
 *
 * @example
 * const modules = await firstLoadModules('headless/index.ts', { entryPoints: ['src/headless/index.ts'] })
 */
export async function firstLoadModules(entry: string, options: BuildOptions): Promise<string[]> {
  const result = await build({ bundle: true, splitting: true, format: 'esm', outdir: 'out', write: false, metafile: true, logLevel: 'silent', packages: 'external', ...options })
  if (!result.metafile) throw new Error('esbuild wrote no metafile')
  const byPath = result.metafile.outputs
  const chunk = Object.keys(byPath).find((path) => byPath[path]?.entryPoint?.endsWith(entry))
  if (!chunk) throw new Error(`no entry chunk for ${entry}`)
  const first = new Set<string>()
  const visit = (path: string) => {
    if (first.has(path)) return
    first.add(path)
    for (const i of byPath[path]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) visit(i.path)
  }
  visit(chunk)
  return [...first].flatMap((path) => Object.keys(byPath[path]?.inputs ?? {}))
}
