import { matchesOrigin } from '../../src/api/allowedOrigins'

/** A pattern written without a scheme (`app.example`, `*.example.com`) names https origins. */
const withScheme = (pattern: string) => (pattern.includes('://') || pattern === '*' ? pattern : `https://${pattern}`)

/**
 * Whether an app origin is allowed by a project's list. A pattern is an exact origin
 * (`https://app.example`, `http://localhost:5173`: that scheme, host and port only) or an explicit
 * wildcard that the project's owner wrote: `*` in the host (`https://*.example.com`), in the port
 * (`http://localhost:*`), or alone (`*`, any origin). A pattern without a scheme names https
 * origins. No defaults: an empty list allows nothing.
 *
 * @example
 * originAllowed('http://localhost:5173', ['http://localhost:5173']) // true
 * originAllowed('http://localhost:4000', ['http://localhost:5173']) // false: another port
 * originAllowed('https://evil.example', ['https://*.app.example']) // false
 */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  if (parsed.origin !== origin) return false
  return patterns.some((pattern) => matchesOrigin(origin, withScheme(pattern.trim().toLowerCase())))
}

/**
 * The patterns as a CSP `frame-ancestors` source list (the same syntax covers exact origins and
 * `*` in host or port); `'none'` for an empty list.
 *
 * @example
 * frameAncestors(['http://localhost:5173', 'https://*.app.example']) // "http://localhost:5173 https://*.app.example"
 */
export function frameAncestors(patterns: readonly string[]): string {
  const sources = patterns
    .map((pattern) => withScheme(pattern.trim().toLowerCase()).replace(/\/+$/, ''))
    .filter((source) => /^(\*|https?:\/\/(\*\.)?[a-z0-9.-]+(:([0-9]{1,5}|\*))?)$/.test(source))
  return sources.length ? sources.join(' ') : "'none'"
}
