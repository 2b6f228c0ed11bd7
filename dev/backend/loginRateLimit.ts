import type { MiddlewareHandler } from 'hono'
import type { BackendContext, BackendEnv } from './BackendContext'

/** The routes that start or finish a login: each is limited per client IP. */
export const LOGIN_PATHS: readonly string[] = [
  '/v1/siwx/nonce', '/v1/siwx/verify',
  '/v1/embedded/email/connect', '/v1/embedded/email/verify', '/v1/embedded/device/status',
  '/v1/embedded/social/login', '/v1/embedded/farcaster/login',
]

const WINDOW_MS = 60_000

/**
 * Per-IP limits on the login routes: at most `settings.loginRequestsPerMinute` requests to each
 * from one address in a minute, counted in the database (so every backend process on one
 * PostgreSQL counts together); past it, 429 with `Retry-After` in seconds. The address is the
 * connection's peer (a deployment behind a proxy should limit at the proxy too).
 */
export function loginRateLimit(ctx: BackendContext): MiddlewareHandler<BackendEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST' || !LOGIN_PATHS.includes(c.req.path)) return next()
    const ip = c.env?.incoming?.socket?.remoteAddress ?? 'unknown'
    const decision = await ctx.store.limits.count(`ip:${c.req.path}:${ip}`, WINDOW_MS, ctx.settings.loginRequestsPerMinute)
    if (!decision.ok) {
      c.header('Retry-After', String(decision.retryAfterSeconds))
      return c.json({ error: `Too many requests to ${c.req.path} from this address: try again after ${decision.retryAfterSeconds} seconds` }, 429)
    }
    return next()
  }
}
