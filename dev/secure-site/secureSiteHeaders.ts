import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import { frameAncestors } from './originAllowed'

/** How long a project's allowed origins are reused before they are read again from the backend. */
const ORIGINS_CACHE_MS = 2_000

/**
 * The secure site's response headers, as a Vite plugin of its dev server:
 * - on every page, `Content-Security-Policy` whose `frame-ancestors` lists the project's allowed
 *   origins (read from the backend's `/projects/v1/origins` for the page's `projectId`; `'none'`
 *   without one, or when the backend does not answer), so that no other page can frame the
 *   wallet or its approval window;
 * - on the wallet page, `Cross-Origin-Opener-Policy: same-origin` (a browser applies it only when
 *   the page is opened on its own, never in a frame); not on the social login's callback, whose
 *   popup must still reach the frame that opened it;
 * - on every response, `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`.
 */
export function secureSiteHeaders(backendUrl: string): Plugin {
  const cache = new Map<string, { at: number; ancestors: Promise<string> }>()
  const ancestorsOf = (projectId: string): Promise<string> => {
    const cached = cache.get(projectId)
    if (cached && performance.now() - cached.at < ORIGINS_CACHE_MS) return cached.ancestors
    const url = new URL('/projects/v1/origins', backendUrl)
    url.searchParams.set('projectId', projectId)
    const ancestors = fetch(url, { signal: AbortSignal.timeout(5_000) })
      .then(async (response) => (response.ok ? frameAncestors(((await response.json()) as { allowedOrigins?: string[] }).allowedOrigins ?? []) : "'none'"))
      .catch(() => "'none'")
    cache.set(projectId, { at: performance.now(), ancestors })
    return ancestors
  }
  const handle = async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'no-referrer')
    const url = new URL(req.url ?? '/', 'http://secure-site.invalid')
    const page = url.pathname === '/' || url.pathname.endsWith('.html')
    if (page) {
      const projectId = url.searchParams.get('projectId')
      const ancestors = projectId ? await ancestorsOf(projectId) : "'none'"
      res.setHeader('Content-Security-Policy', `frame-ancestors ${ancestors}; object-src 'none'; base-uri 'self'; form-action 'self'`)
      if (url.pathname === '/' || url.pathname === '/index.html') res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    }
    next()
  }
  return {
    name: 'portico-secure-site-headers',
    configureServer(server) {
      server.middlewares.use((req, res, next) => void handle(req, res, next))
    },
  }
}
