import { matchesOrigin } from '../../src/api/allowedOrigins'

/**
 * Whether an app origin is allowed by a project's list. Patterns as the backend's
 * `ALLOWED_ORIGINS`: a full origin (`https://app.example`), an origin without a port
 * (`http://localhost`: any port of that scheme and host), a wildcard (`https://*.example.com`),
 * or a bare host (`app.example`, `*.example.com`). No defaults: an empty list allows nothing.
 *
 * @example
 * originAllowed('http://localhost:5173', ['http://localhost']) // true
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
  return patterns.some((pattern) => {
    const trimmed = pattern.trim().toLowerCase()
    if (/^[a-z]+:\/\/[^*/:]+$/.test(trimmed)) {
      // An origin without a port: that scheme and host, any port.
      return `${parsed.protocol}//${parsed.hostname}` === trimmed
    }
    return matchesOrigin(origin, trimmed)
  })
}
