import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import { FRAME_ORIGIN_REFUSED } from '../../src/connectors/embedded/protocol/frameEvents'
import { frameAncestors, originAllowed } from './originAllowed'

/** How long a project's allowed origins are reused before they are read again from the backend. */
const ORIGINS_CACHE_MS = 2_000

/**
 * The secure site's response headers, as a Vite plugin of its dev server:
 * - on every page, `Content-Security-Policy` whose `frame-ancestors` lists the project's allowed
 *   origins (read from the backend's `/projects/v1/origins` for the page's `projectId`; `'none'`
 *   without one, or when the backend does not answer), so that no other page can frame the
 *   wallet or its approval window; `'none'` always on the account page (`account.html`), which
 *   no app may frame;
 * - on the wallet page and the account page, `Cross-Origin-Opener-Policy: same-origin` (a browser applies it only when
 *   the page is opened on its own, never in a frame); not on the social login's callback, whose
 *   popup must still reach the frame that opened it;
 * - on every response, `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`.
 *
 * A frame request whose `Referer` names an origin the project does not allow gets, instead of the
 * wallet, a page with no wallet code that only tells its parent ORIGIN_REFUSED (so the app can
 * show why); without a `Referer` the wallet page is sent, and `frame-ancestors` decides.
 */
export function secureSiteHeaders(backendUrl: string): Plugin {
  const cache = new Map<string, { at: number; origins: Promise<string[]> }>()
  const originsOf = (projectId: string): Promise<string[]> => {
    const cached = cache.get(projectId)
    if (cached && performance.now() - cached.at < ORIGINS_CACHE_MS) return cached.origins
    const url = new URL('/projects/v1/origins', backendUrl)
    url.searchParams.set('projectId', projectId)
    const origins = fetch(url, { signal: AbortSignal.timeout(5_000) })
      .then(async (response) => (response.ok ? ((await response.json()) as { allowedOrigins?: string[] }).allowedOrigins ?? [] : []))
      .catch(() => [])
    cache.set(projectId, { at: performance.now(), origins })
    return origins
  }
  const handle = async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'no-referrer')
    const url = new URL(req.url ?? '/', 'http://secure-site.invalid')
    const page = url.pathname === '/' || url.pathname.endsWith('.html')
    if (page) {
      const projectId = url.searchParams.get('projectId')
      const origins = projectId ? await originsOf(projectId) : []
      const wallet = url.pathname === '/' || url.pathname === '/index.html'
      const embedder = refererOrigin(req.headers.referer)
      if (wallet && req.headers['sec-fetch-dest'] === 'iframe' && embedder && !originAllowed(embedder, origins)) {
        res.setHeader('Content-Security-Policy', "default-src 'none'; script-src 'unsafe-inline'; base-uri 'none'")
        res.setHeader('Content-Type', 'text/html; charset=utf-8')
        res.end(refusedPage(embedder))
        return
      }
      // The account page (recovery, revocation, the key's export) is never framed, not even by an allowed app.
      const account = url.pathname.endsWith('/account.html')
      res.setHeader('Content-Security-Policy', `frame-ancestors ${account ? "'none'" : frameAncestors(origins)}; object-src 'none'; base-uri 'self'; form-action 'self'`)
      if (wallet || account) res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
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

function refererOrigin(referer: string | undefined): string | undefined {
  try {
    return referer ? new URL(referer).origin : undefined
  } catch {
    return undefined
  }
}

/** The whole page an unallowed embedder gets: one message to it, and nothing else. */
function refusedPage(origin: string): string {
  const message = `Unauthorized: origin not allowed (${origin} is not an allowed origin of this project)`
  const event = { type: FRAME_ORIGIN_REFUSED, payload: { origin, message } }
  const json = JSON.stringify(event).replace(/</g, '\\u003c')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portico secure wallet</title></head><body><script>
parent.postMessage({ ...${json}, id: crypto.randomUUID() }, ${JSON.stringify(origin)})
</script></body></html>`
}
