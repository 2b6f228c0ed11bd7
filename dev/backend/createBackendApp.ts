import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { secureHeaders } from 'hono/secure-headers'
import { z } from 'zod'
import type { BackendContext, BackendEnv } from './BackendContext'
import { blockchainRoutes } from './blockchainRoutes'
import { embeddedRoutes } from './embeddedRoutes'
import { keyCustodyRoutes } from './keyCustodyRoutes'
import { faultMiddleware, faultSchema, type FaultInjector } from './faults'
import { nftRoutes } from './nftRoutes'
import { onrampRoutes } from './onrampRoutes'
import { paymasterRoutes } from './paymasterRoutes'
import { profileRoutes } from './profileRoutes'
import { rpcProxyRoutes } from './rpcProxyRoutes'
import { siwxRoutes } from './siwxRoutes'
import { socialLoginRoutes } from './socialLoginRoutes'
import { swapRoutes } from './swapRoutes'
import { inputGuard } from './inputGuard'
import { loginRateLimit } from './loginRateLimit'
import { BadRequestError, internalError, parseBody } from './validation'
import { walletInfraRoutes } from './walletInfraRoutes'

/** Paths served without a projectId: health, test control, the placeholder onramp page. */
const OPEN_PATHS = ['/health', '/__', '/onramp/widget']

/**
 * The reference backend as a Hono app: CORS, the projectId check, fault injection, the API
 * routes, and JSON errors (4xx with a clear message for bad input, never a crash).
 */
export function createBackendApp(ctx: BackendContext, faults: FaultInjector) {
  const app = new Hono<BackendEnv>()
  if (ctx.log) {
    const log = ctx.log
    app.use('*', async (c, next) => {
      const started = performance.now()
      await next()
      log({ time: new Date().toISOString(), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round((performance.now() - started) * 10) / 10 })
    })
  }
  app.use('*', cors({ origin: '*', allowHeaders: ['content-type', 'authorization', 'x-project-id', 'x-sdk-type', 'x-sdk-version'], exposeHeaders: ['Retry-After'] }))
  // Its few pages (device approval, the dev on-ramp widget) need inline styles and their own form,
  // nothing else; no page may frame them. Images stay loadable by the apps' pages.
  app.use('*', secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], imgSrc: ["'self'", 'data:'], formAction: ["'self'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
    crossOriginResourcePolicy: 'cross-origin',
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    referrerPolicy: 'no-referrer',
  }))
  // The on-ramp widget runs in a window the app opened; elsewhere no opener may reach a page of ours.
  app.use('*', async (c, next) => {
    await next()
    if (!c.req.path.startsWith('/onramp/widget')) c.header('Cross-Origin-Opener-Policy', 'same-origin')
  })
  app.use('*', ...inputGuard())

  // Test control: inject faults, read the request log. Off in the service (`npm run backend`).
  if (ctx.settings.testControl) {
    app.post('/__faults', async (c) => {
      const body = await parseBody(c, z.union([faultSchema, z.array(faultSchema)]))
      for (const fault of Array.isArray(body) ? body : [body]) faults.add(fault)
      return c.json({ ok: true })
    })
    app.delete('/__faults', (c) => {
      faults.clear()
      return c.json({ ok: true })
    })
    app.get('/__requests', (c) => c.json({ requests: faults.requests }))
    app.get('/__events', (c) => c.json({ events: ctx.events }))
    // Replaces a project's remote features (`GET /appkit/v1/config`), as a change in its settings would;
    // without a projectId, every project's.
    app.put('/__features', async (c) => {
      const features = await parseBody(c, z.array(z.object({ id: z.string().min(1), isEnabled: z.boolean(), config: z.unknown().default(null) })))
      const projectId = c.req.query('projectId')
      if (projectId) ctx.settings.projectFeatures = { ...ctx.settings.projectFeatures, [projectId]: features }
      else ctx.settings.features = features
      return c.json({ features })
    })
    // Replaces a project's allowed origins, as its owner would in its settings.
    app.put('/__project-origins', async (c) => {
      const projectId = z.string().min(1).max(200).safeParse(c.req.query('projectId'))
      if (!projectId.success) throw new BadRequestError('query projectId: the project whose origins to set')
      const { allowedOrigins } = await parseBody(c, z.object({ allowedOrigins: z.array(z.string().regex(/^(\*|https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:([0-9]{1,5}|\*))?)$/, 'must be an origin or a wildcard pattern')).max(100) }))
      await ctx.store.embedded.setProjectOrigins(projectId.data, allowedOrigins)
      return c.json({ allowedOrigins })
    })
  }
  app.get('/health', async (c) => {
    const chains = ctx.reader.chains.map((chain) => chain.id)
    try {
      await ctx.store.ping()
      return c.json({ ok: true, storage: ctx.store.kind, chains })
    } catch (error) {
      console.error('[backend] health: the database does not answer:', error)
      return c.json({ ok: false, storage: ctx.store.kind, chains, error: 'The database does not answer' }, 503)
    }
  })

  if (ctx.settings.testControl) app.use('*', faultMiddleware(faults))
  app.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS' || OPEN_PATHS.some((p) => c.req.path.startsWith(p))) return next()
    const projectId = c.req.query('projectId') ?? c.req.header('x-project-id')
    if (!projectId) throw new BadRequestError('Missing projectId (query parameter projectId or header x-project-id)')
    const known = ctx.settings.knownProjectIds
    if (known && !known.includes(projectId)) throw new BadRequestError('Invalid App Configuration', 403)
    return next()
  })

  app.use('*', loginRateLimit(ctx))

  for (const routes of [walletInfraRoutes, blockchainRoutes, nftRoutes, swapRoutes, profileRoutes, siwxRoutes, onrampRoutes, rpcProxyRoutes, embeddedRoutes, keyCustodyRoutes, socialLoginRoutes, paymasterRoutes]) {
    app.route('/', routes(ctx))
  }

  app.notFound((c) => c.json({ error: `No endpoint ${c.req.method} ${c.req.path}` }, 404))
  app.onError((error, c) => {
    if (error instanceof BadRequestError) return c.json({ error: error.message }, error.status)
    return internalError(c, error)
  })
  return app
}
