import { describe, expect, it } from 'vitest'
import { type Chunk, reactsOwn } from './reactsOwn'

const chunk = (fileName: string, imports: string[] = [], isEntry = false): Chunk => ({ fileName, isEntry, imports, dynamicImports: [], moduleIds: [fileName] })
const names = (chunks: Set<Chunk>) => [...chunks].map((each) => each.fileName).sort()
const isReact = (each: Chunk) => each.fileName === 'react.js'

describe('reactsOwn', () => {
  it("leaves out React's chunk and what only React's chunk imports, and counts the rest", () => {
    const runtime = chunk('runtime.js')
    const react = chunk('react.js', ['runtime.js'])
    const store = chunk('store.js')
    const entry = chunk('index.js', ['react.js', 'store.js'], true)
    expect(names(reactsOwn([entry, react, runtime, store], isReact))).toEqual(['react.js', 'runtime.js'])
  })

  it('counts a chunk that React and a counted chunk both import', () => {
    const runtime = chunk('runtime.js')
    const react = chunk('react.js', ['runtime.js'])
    const lazy = chunk('lazy.js', ['runtime.js'])
    const entry = chunk('index.js', ['react.js'], true)
    expect(names(reactsOwn([entry, react, runtime, lazy], isReact))).toEqual(['react.js'])
  })

  it('follows what only React-owned chunks import, and never leaves out the entry or a chunk nothing imports', () => {
    const deep = chunk('deep.js')
    const runtime = chunk('runtime.js', ['deep.js'])
    const react = chunk('react.js', ['runtime.js'])
    const dynamic = chunk('dynamic.js')
    const entry = chunk('index.js', ['react.js'], true)
    expect(names(reactsOwn([entry, react, runtime, deep, dynamic], isReact))).toEqual(['deep.js', 'react.js', 'runtime.js'])
  })
})
