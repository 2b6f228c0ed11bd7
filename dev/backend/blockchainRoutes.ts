import { Hono } from 'hono'
import { z } from 'zod'
import { DEV_PRICES_USD } from '../chain/devChains'
import type { BackendContext, BackendEnv } from './BackendContext'
import { CACHE_SECONDS, cacheable } from './cacheable'
import { addressSchema, BadRequestError, caip10Schema, caip2Schema, parseBody, parseParam, parseQuery } from './validation'

/** The address AppKit-style APIs use for a chain's native currency. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Checks that a chain is served here, or throws a 400 that names it. */
export function servedChain(ctx: BackendContext, chainId: number) {
  const chain = ctx.reader.chain(chainId)
  if (!chain) {
    const served = ctx.reader.chains.map((c) => `eip155:${c.id}`).join(', ')
    throw new BadRequestError(`chainId eip155:${chainId} is not served by this backend (served: ${served})`)
  }
  return chain
}

/** Symbol/name/decimals of an asset on a served chain, native or token, or undefined. */
export function assetOf(ctx: BackendContext, chainId: number, address: string) {
  if (address.toLowerCase() === NATIVE_TOKEN_ADDRESS) return { name: 'Ether', symbol: 'ETH', decimals: 18, address: NATIVE_TOKEN_ADDRESS }
  return ctx.reader.chain(chainId)?.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase())
}

/** The blockchain API: supported chains, identity, balances, history, prices. */
export function blockchainRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()
  const iconUrl = (symbol: string) => `${ctx.baseUrl()}/public/getTokenImage/${symbol}`

  app.use('/v1/supported-chains', cacheable(CACHE_SECONDS.catalogue))
  app.get('/v1/supported-chains', (c) =>
    c.json({ http: ctx.reader.chains.map((chain) => `eip155:${chain.id}`), ws: [] as string[] }),
  )

  app.get('/v1/identity/:address', async (c) => {
    const address = parseParam(c, 'address', addressSchema)
    const [record] = await ctx.store.reverse(address)
    return c.json({ name: record?.name ?? null, avatar: record?.attributes.avatar ?? null })
  })

  app.get('/v1/account/:address/balance', async (c) => {
    const address = parseParam(c, 'address', addressSchema)
    const q = parseQuery(c, z.object({ chainId: caip2Schema, currency: z.enum(['usd', 'eur']).default('usd') }))
    servedChain(ctx, q.chainId)
    return c.json({ balances: await ctx.reader.balances(q.chainId, address) })
  })

  app.get('/v1/account/:address/history', async (c) => {
    const address = parseParam(c, 'address', addressSchema)
    const q = parseQuery(
      c,
      z.object({
        chainId: caip2Schema,
        cursor: z.string().regex(/^[0-9]{1,15}$/, 'must be a cursor returned as next by this endpoint').optional(),
        limit: z.coerce.number().int().min(1).max(50).default(10),
      }),
    )
    servedChain(ctx, q.chainId)
    const page = await ctx.reader.history(q.chainId, address, q.cursor === undefined ? undefined : BigInt(q.cursor), q.limit)
    return c.json(page)
  })

  app.post('/v1/fungible/price', async (c) => {
    const body = await parseBody(c, z.object({ currency: z.enum(['usd', 'eur']).default('usd'), addresses: z.array(caip10Schema).min(1).max(50) }))
    const fungibles = body.addresses.flatMap(({ chainId, address }) => {
      const asset = assetOf(ctx, chainId, address)
      if (!asset) return []
      const usd = DEV_PRICES_USD[asset.symbol] ?? 0
      return [{ name: asset.name, symbol: asset.symbol, iconUrl: iconUrl(asset.symbol), price: body.currency === 'eur' ? usd * 0.92 : usd }]
    })
    return c.json({ fungibles })
  })
  return app
}
