import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { BackendContext, BackendEnv } from './BackendContext'
import { servedChain } from './blockchainRoutes'
import { BadRequestError, caip2Schema, parseQuery } from './validation'

/**
 * The chain RPC proxy, `POST {backend}/v1/?chainId=eip155:31337&projectId=…`: JSON-RPC bodies
 * are forwarded to the served chain's node and its answer passed back unchanged.
 */
export function rpcProxyRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()
  const forward = async (c: Context<BackendEnv>) => {
    const { chainId } = parseQuery(c, z.object({ chainId: caip2Schema }).loose())
    const chain = servedChain(ctx, chainId)
    const body = await c.req.text()
    try {
      JSON.parse(body)
    } catch {
      throw new BadRequestError('body: must be a JSON-RPC request')
    }
    const upstream = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    return new Response(await upstream.text(), { status: upstream.status, headers: { 'content-type': 'application/json' } })
  }
  app.post('/v1', forward)
  app.post('/v1/', forward)
  return app
}
