import { Hono } from 'hono'
import { verifyMessage, type Hex } from 'viem'
import { z } from 'zod'
import type { BackendContext, BackendEnv } from './BackendContext'
import { NameTakenError } from './db/BackendStore'
import { addressSchema, BadRequestError, parseBody, parseParam, parseQuery } from './validation'

/** The zone names are registered under unless a request names another. */
export const NAME_ZONE = 'portico.id'

const nameSchema = z
  .string()
  .max(255, 'must be at most 255 characters')
  .regex(/^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/, 'must be letters, digits, dashes and dots, such as alice.portico.id')
  .transform((value) => value.toLowerCase())
/** A 65-byte EOA signature (names and the older session endpoint). */
export const signatureSchema = z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte 0x signature')

/** Throws a 403 unless `signature` is the address's personal_sign of `message`. */
export async function assertSigned(address: Hex, message: string, signature: string) {
  const valid = await verifyMessage({ address, message, signature: signature as Hex }).catch(() => false)
  if (!valid) throw new BadRequestError('signature: does not match the address and message', 403)
}

/** Names: forward, reverse, suggestions, registration (each name belongs to its first signer). */
export function profileRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()

  app.get('/v1/profile/account/:name', async (c) => {
    const name = parseParam(c, 'name', nameSchema)
    const record = await ctx.store.lookup(name)
    if (!record) return c.json({ error: `The name ${name} is not registered` }, 404)
    return c.json(record)
  })

  app.get('/v1/profile/reverse/:address', async (c) => c.json(await ctx.store.reverse(parseParam(c, 'address', addressSchema))))

  app.get('/v1/profile/suggestions/:name', async (c) => {
    const base = parseParam(c, 'name', z.string().regex(/^[a-zA-Z0-9-]{1,63}$/, 'must be 1-63 letters, digits or dashes')).toLowerCase()
    const { zone } = parseQuery(c, z.object({ zone: z.string().regex(/^[a-z0-9.-]{1,60}$/).default(NAME_ZONE) }))
    const candidates = [base, `${base}-wallet`, `${base}1`, `${base}-eth`, `the-${base}`].map((n) => `${n}.${zone}`)
    const registered = await Promise.all(candidates.map((name) => ctx.store.isRegistered(name)))
    return c.json({ suggestions: candidates.map((name, i) => ({ name, registered: registered[i]! })) })
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
      const record = await ctx.store.register({ name: message.data.name, coinType: body.coin_type, address: body.address, attributes: message.data.attributes })
      return c.json(record, 201)
    } catch (error) {
      if (error instanceof NameTakenError) throw new BadRequestError(error.message, 409)
      throw error
    }
  })

  return app
}
