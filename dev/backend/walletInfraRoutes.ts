import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { z } from 'zod'
import type { BackendContext, BackendEnv } from './BackendContext'
import { CACHE_SECONDS, cacheable } from './cacheable'
import { coinIcon, tileIcon } from './svgIcons'
import { parseBody, parseParam, parseQuery } from './validation'
import { WALLET_CATALOGUE } from './walletCatalogue'

const idList = z
  .string()
  .regex(/^[\w:.,-]*$/, 'must be a comma-separated list of ids')
  .transform((value) => value.split(',').map((s) => s.trim()).filter(Boolean))

const walletsQuery = z.object({
  page: z.coerce.number().int().min(1, 'must be 1 or more').default(1),
  entries: z.coerce.number().int().min(1).max(100, 'must be at most 100').default(40),
  include: idList.optional(),
  exclude: idList.optional(),
  chains: idList.optional(),
  search: z.string().max(100, 'must be at most 100 characters').optional(),
  badge_type: z.enum(['none', 'certified']).optional(),
  rdns: idList.optional(),
})

/** One page of the catalogue for a listing query. */
function listWallets(q: z.infer<typeof walletsQuery>) {
  const search = q.search?.trim().toLowerCase()
  const matched = WALLET_CATALOGUE.filter(
    (w) =>
      (!q.include?.length || q.include.includes(w.id)) &&
      !q.exclude?.includes(w.id) &&
      (!q.chains?.length || w.chains.some((chain) => q.chains!.includes(chain))) &&
      (!search || w.name.toLowerCase().includes(search)) &&
      (!q.badge_type || w.badge_type === q.badge_type) &&
      (!q.rdns?.length || (w.rdns !== null && q.rdns.includes(w.rdns))),
  )
  const start = (q.page - 1) * q.entries
  return { count: matched.length, data: matched.slice(start, start + q.entries) }
}

/** How many listing pages a backend keeps made (the oldest goes first). */
const MAX_LISTING_PAGES = 512

const imageId = z.string().regex(/^[\w.-]{1,80}$/, 'must be 1-80 letters, digits, dots, dashes or underscores')

const svg = (body: string) => new Response(body, { headers: { 'content-type': 'image/svg+xml' } })

/** The wallet-infrastructure API: remote config, allowed origins, the wallet catalogue, images, analytics. */
export function walletInfraRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()
  /** Listing pages by query, with their ETags. */
  const listingPages = new Map<string, { body: string; etag: string }>()

  app.get('/appkit/v1/config', (c) => {
    const projectId = c.req.query('projectId') ?? c.req.header('x-project-id') ?? ''
    return c.json({ features: ctx.settings.projectFeatures?.[projectId] ?? ctx.settings.features })
  })
  app.get('/projects/v1/origins', async (c) => {
    // A project's own list (set with `projectOrigins` or in the project_origins table) wins over the default.
    const own = await ctx.store.embedded.projectOrigins(c.req.query('projectId') ?? c.req.header('x-project-id') ?? '')
    return c.json({ allowedOrigins: own.length > 0 ? own : ctx.settings.allowedOrigins })
  })
  app.get('/getAnalyticsConfig', (c) => c.json({ isAnalyticsEnabled: ctx.settings.analyticsEnabled }))
  app.post('/e', async (c) => {
    const event = await parseBody(c, z.object({ event: z.string().min(1), props: z.record(z.string(), z.unknown()).optional() }).loose())
    ctx.events.push(event)
    if (ctx.events.length > 1000) ctx.events.shift() // a long-running service keeps the latest only
    return c.json({ ok: true }, 202)
  })

  // The listing and the images carry an ETag and Cache-Control, so a CDN can serve them.
  app.use('/getWallets', cacheable(CACHE_SECONDS.listing))
  app.use('/getWalletImage/*', cacheable(CACHE_SECONDS.image))
  app.use('/public/*', cacheable(CACHE_SECONDS.image))
  app.get('/getWallets', (c) => {
    const q = parseQuery(c, walletsQuery)
    // The catalogue is fixed for the life of the process: each distinct query's page is made (and
    // hashed for its ETag) once.
    const key = JSON.stringify(q)
    let page = listingPages.get(key)
    if (!page) {
      const body = JSON.stringify(listWallets(q))
      page = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }
      if (listingPages.size >= MAX_LISTING_PAGES) listingPages.delete(listingPages.keys().next().value!)
      listingPages.set(key, page)
    }
    return c.body(page.body, 200, { 'content-type': 'application/json', etag: page.etag })
  })

  app.get('/getWalletImage/:id', (c) => {
    const id = parseParam(c, 'id', imageId)
    const wallet = WALLET_CATALOGUE.find((w) => w.image_id === id || w.id === id)
    if (!wallet) return c.json({ error: `No wallet image ${id}` }, 404)
    return svg(tileIcon(wallet.name, wallet.id))
  })
  for (const kind of ['Asset', 'Currency', 'Token'] as const) {
    app.get(`/public/get${kind}Image/:id`, (c) => svg(coinIcon(parseParam(c, 'id', imageId))))
  }
  return app
}
