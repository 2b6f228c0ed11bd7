import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { verifyMessage, type Hex } from 'viem'
import { z } from 'zod'
import type { BackendContext, BackendEnv } from './BackendContext'
import { addressSchema, BadRequestError, caip10Schema, parseBody, parseParam, parseQuery } from './validation'

/** The zone names are registered under unless a request names another. */
export const NAME_ZONE = 'portico.id'

const nameSchema = z
  .string()
  .max(255, 'must be at most 255 characters')
  .regex(/^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/, 'must be letters, digits, dashes and dots, such as alice.portico.id')
  .transform((value) => value.toLowerCase())
const signatureSchema = z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte 0x signature')

async function assertSigned(address: Hex, message: string, signature: string) {
  const valid = await verifyMessage({ address, message, signature: signature as Hex }).catch(() => false)
  if (!valid) throw new BadRequestError('signature: does not match the address and message', 403)
}

/** Names (forward, reverse, suggestions, registration) and sign-in sessions, stored in SQLite. */
export function profileRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()

  app.get('/v1/profile/account/:name', (c) => {
    const name = parseParam(c, 'name', nameSchema)
    const record = ctx.db.lookup(name)
    if (!record) return c.json({ error: `The name ${name} is not registered` }, 404)
    return c.json(record)
  })

  app.get('/v1/profile/reverse/:address', (c) => c.json(ctx.db.reverse(parseParam(c, 'address', addressSchema))))

  app.get('/v1/profile/suggestions/:name', (c) => {
    const base = parseParam(c, 'name', z.string().regex(/^[a-zA-Z0-9-]{1,63}$/, 'must be 1-63 letters, digits or dashes')).toLowerCase()
    const { zone } = parseQuery(c, z.object({ zone: z.string().regex(/^[a-z0-9.-]{1,60}$/).default(NAME_ZONE) }))
    const candidates = [base, `${base}-wallet`, `${base}1`, `${base}-eth`, `the-${base}`].map((n) => `${n}.${zone}`)
    return c.json({ suggestions: candidates.map((name) => ({ name, registered: ctx.db.isRegistered(name) })) })
  })

  app.post('/v1/profile/account', async (c) => {
    const body = await parseBody(c, z.object({
      coin_type: z.union([z.number().int(), z.string().regex(/^[0-9]+$/)]).transform(String),
      address: addressSchema,
      message: z.string().min(2).max(4096),
      signature: signatureSchema,
    }))
    let parsed: unknown
    try {
      parsed = JSON.parse(body.message)
    } catch {
      throw new BadRequestError('body message: must be a JSON string with name and attributes')
    }
    const message = z.object({ name: nameSchema, attributes: z.record(z.string(), z.string()).optional(), timestamp: z.number().optional() }).safeParse(parsed)
    if (!message.success) throw new BadRequestError('body message: must contain a valid name such as alice.portico.id')
    await assertSigned(body.address, body.message, body.signature)
    try {
      const record = ctx.db.register({ name: message.data.name, coinType: body.coin_type, address: body.address, attributes: message.data.attributes })
      return c.json(record, 201)
    } catch (error) {
      throw new BadRequestError((error as Error).message, 409)
    }
  })

  app.get('/v1/sessions/:caipAddress', (c) => {
    const caipAddress = parseParam(c, 'caipAddress', caip10Schema)
    return c.json({ sessions: ctx.db.sessions(`eip155:${caipAddress.chainId}:${caipAddress.address}`) })
  })

  app.post('/v1/sessions', async (c) => {
    const body = await parseBody(c, z.object({
      caipAddress: caip10Schema, message: z.string().min(1).max(4096), signature: signatureSchema,
      expiresAt: z.number().int().positive().optional(),
    }))
    await assertSigned(body.caipAddress.address, body.message, body.signature)
    const session = {
      id: randomUUID(),
      caipAddress: `eip155:${body.caipAddress.chainId}:${body.caipAddress.address}`,
      message: body.message,
      signature: body.signature,
      createdAt: Date.now(),
      expiresAt: body.expiresAt ?? null,
    }
    ctx.db.addSession(session)
    return c.json({ session }, 201)
  })

  app.post('/v1/sessions/revoke', async (c) => {
    const { id } = await parseBody(c, z.object({ id: z.string().min(1).max(100) }))
    if (!ctx.db.revokeSession(id)) return c.json({ error: `No live session ${id}` }, 404)
    return c.json({ revoked: true })
  })
  return app
}
