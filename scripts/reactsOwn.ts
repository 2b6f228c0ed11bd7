/** A chunk of the example's build, as its `dist/chunks.json` lists it. */
export type Chunk = { fileName: string; isEntry: boolean; imports: string[]; dynamicImports: string[]; moduleIds: string[] }

/**
 * The loaded chunks that are React's: React's own, and those that only React's import (the
 * bundler's CommonJS interop, which React's CommonJS build needs and nothing of Portico's first
 * load imports). A chunk that a counted chunk imports, or that was loaded dynamically, is counted.
 *
 * @example
 * reactsOwn(loaded, (chunk) => chunk.fileName.includes('react'))   // React's chunk and the runtime only it imports
 */
export function reactsOwn(loaded: readonly Chunk[], isReact: (chunk: Chunk) => boolean): Set<Chunk> {
  const own = new Set(loaded.filter(isReact))
  const byFile = new Map(loaded.map((chunk) => [chunk.fileName, chunk]))
  const importers = new Map<Chunk, Chunk[]>()
  for (const chunk of loaded) for (const file of chunk.imports) {
    const imported = byFile.get(file)
    if (imported) importers.set(imported, [...(importers.get(imported) ?? []), chunk])
  }
  for (let grew = true; grew; ) {
    grew = false
    for (const chunk of loaded) {
      const by = importers.get(chunk)
      if (own.has(chunk) || chunk.isEntry || !by || !by.every((importer) => own.has(importer))) continue
      own.add(chunk)
      grew = true
    }
  }
  return own
}
