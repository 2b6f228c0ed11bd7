import type { MiddlewareHandler } from 'hono'
import { etag } from 'hono/etag'

/** How long a CDN or a browser may keep each kind of response (seconds). */
export const CACHE_SECONDS = {
  /** The wallet listing: the catalogue changes with a deploy; a minute's staleness is fine. */
  listing: 60,
  /** Catalogues of chains and tokens. */
  catalogue: 300,
  /** Wallet, token and currency images. */
  image: 86_400,
} as const

/**
 * Makes a route's successful answers cacheable by a CDN: an `ETag` (a hash of the body, so
 * `If-None-Match` gets a bodiless 304) and `Cache-Control: public, max-age=…` with a
 * `stale-while-revalidate` window of as long again. Errors are left uncached.
 *
 * @example
 * app.use('/getWallets', cacheable(CACHE_SECONDS.listing))
 */
export function cacheable(maxAge: number): MiddlewareHandler {
  const tag = etag()
  return async (c, next) => {
    await tag(c, async () => {
      await next()
      if (c.res.status === 200) c.res.headers.set('cache-control', `public, max-age=${maxAge}, stale-while-revalidate=${maxAge}`)
    })
    if (c.res.status === 304) c.res.headers.set('cache-control', `public, max-age=${maxAge}, stale-while-revalidate=${maxAge}`)
  }
}
