import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { z } from 'zod'
import type { BackendContext, BackendEnv } from './BackendContext'
import { blockchainRoutes } from './blockchainRoutes'
import { embeddedRoutes } from './embeddedRoutes'
import { keyCustodyRoutes } from './keyCustodyRoutes'
import { faultMiddleware, faultSchema, type FaultInjector } from './faults'
import { nftRoutes } from './nftRoutes'
import { onrampRoutes } from './onrampRoutes'
import { profileRoutes } from './profileRoutes'
import { rpcProxyRoutes } from './rpcProxyRoutes'
import { siwxRoutes } from './siwxRoutes'
import { socialLoginRoutes } from './socialLoginRoutes'
import { swapRoutes } from './swapRoutes'
import { BadRequestError, parseBody } from './validation'
import { walletInfraRoutes } from './walletInfraRoutes'

/** Paths served without a projectId: health, test control, the placeholder onramp page. */
const OPEN_PATHS = ['/health', '/__', '/onramp/widget', '/v1/embedded/device/approve']

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
  }
  app.get('/health', async (c) => {
    const chains = ctx.reader.chains.map((chain) => chain.id)
    try {
      await ctx.store.ping()
      return c.json({ ok: true, storage: ctx.store.kind, chains })
    } catch (error) {
      return c.json({ ok: false, storage: ctx.store.kind, chains, error: `The database does not answer: ${(error as Error).message}` }, 503)
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

  for (const routes of [walletInfraRoutes, blockchainRoutes, nftRoutes, swapRoutes, profileRoutes, siwxRoutes, onrampRoutes, rpcProxyRoutes, embeddedRoutes, keyCustodyRoutes, socialLoginRoutes]) {
    app.route('/', routes(ctx))
  }

  app.notFound((c) => c.json({ error: `No endpoint ${c.req.method} ${c.req.path}` }, 404))
  app.onError((error, c) => {
    if (error instanceof BadRequestError) return c.json({ error: error.message }, error.status)
    console.error('[backend]', error)
    return c.json({ error: `Internal error: ${error.message}` }, 500)
  })
  return app
}
