import type MarkdownIt from 'markdown-it'

/** The marker of scripts/docs/docSamples.ts: what is above it is type-checked, not shown. */
const CUT = '// ---cut---\n'

/**
 * Drops a TypeScript sample's hidden preamble (the lines up to `// ---cut---`) from the page, so
 * the reader sees the sample and `scripts/docs/checkSamples.ts` still compiles it whole.
 */
export function hideSamplePreamble(md: MarkdownIt): void {
  const fence = md.renderer.rules.fence!
  md.renderer.rules.fence = (tokens, index, options, env, self) => {
    const token = tokens[index]!
    const at = token.content.indexOf(CUT)
    if (at !== -1 && /^(ts|tsx|typescript)\b/.test(token.info)) token.content = token.content.slice(at + CUT.length)
    return fence(tokens, index, options, env, self)
  }
}
