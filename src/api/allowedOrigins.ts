/** Ancestors always allowed to embed the modal: local development and common preview hosts. */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = [
  'localhost',
  '127.0.0.1',
  '*.pages.dev',
  '*.vercel.app',
  '*.ngrok-free.app',
]

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin.includes('://') ? origin : `https://${origin}`).hostname
  } catch {
    return undefined
  }
}

/** Whether one pattern (`https://app.example.com`, `*.example.com`, `localhost`) admits the origin. */
export function matchesOrigin(origin: string, pattern: string): boolean {
  const trimmed = pattern.trim().toLowerCase()
  if (!trimmed) return false
  if (trimmed === '*') return true
  const candidate = origin.toLowerCase()
  if (trimmed.includes('://')) {
    // A full origin, where `*` stands for any run of characters (a subdomain, a port).
    const regex = new RegExp(`^${trimmed.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('[^/]*')}$`)
    return regex.test(candidate.replace(/\/+$/, ''))
  }
  const host = hostOf(candidate)
  if (!host) return false
  if (trimmed.startsWith('*.')) {
    const base = trimmed.slice(2)
    return host.endsWith(`.${base}`)
  }
  return host === trimmed
}

/**
 * Whether the page's origin is allowed: by the project's allowed origins (wildcards allowed) or
 * the defaults (localhost, 127.0.0.1, *.pages.dev, *.vercel.app, *.ngrok-free.app).
 *
 * @example
 * isOriginAllowed('https://preview-1.vercel.app', []) // true
 * isOriginAllowed('https://shop.example.com', ['*.example.com']) // true
 */
export function isOriginAllowed(origin: string, allowedOrigins: readonly string[]): boolean {
  return [...DEFAULT_ALLOWED_ORIGINS, ...allowedOrigins].some((pattern) => matchesOrigin(origin, pattern))
}
