import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** A TypeScript code block of a docs page, with where it starts. */
export interface DocSample {
  /** The page, relative to `docs/`. */
  page: string
  /** The line of the page where the code starts (1-based, the line after the opening fence). */
  line: number
  lang: 'ts' | 'tsx'
  /** The code, hidden preamble included (see `CUT`), with the list indentation removed. */
  code: string
}

/**
 * Marks the end of a sample's hidden preamble: the lines above it are type-checked but not shown
 * (the declarations a fragment needs, such as `declare const networks: …`). Twoslash's own marker,
 * so the samples read the same in an editor that knows it.
 */
export const CUT = '// ---cut---'

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)(.*)$/

/** The `ts` and `tsx` blocks of one Markdown text. */
export function samplesOf(page: string, text: string): DocSample[] {
  const lines = text.split('\n')
  const samples: DocSample[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!)
    if (!open) continue
    const [, indent = '', marker = '', lang = ''] = open
    let end = i + 1
    while (end < lines.length && !lines[end]!.trimStart().startsWith(marker)) end++
    if (lang === 'ts' || lang === 'tsx' || lang === 'typescript') {
      const body = lines.slice(i + 1, end).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()))
      samples.push({ page, line: i + 2, lang: lang === 'tsx' ? 'tsx' : 'ts', code: body.join('\n') })
    }
    i = end
  }
  return samples
}

/** Every Markdown page under `root`, skipping VitePress's own folder and build output. */
export function markdownPages(root: string, dir = root): string[] {
  const pages: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) pages.push(...markdownPages(root, path))
    else if (entry.name.endsWith('.md')) pages.push(relative(root, path))
  }
  return pages.sort()
}

/** The samples of every page under `root`. */
export function allSamples(root: string): DocSample[] {
  return markdownPages(root).flatMap((page) => samplesOf(page, readFileSync(join(root, page), 'utf8')))
}
