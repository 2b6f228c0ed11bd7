import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { getAddress, isAddress, type Address } from 'viem'
import { z } from 'zod'

/** An error that the backend turns into a 4xx answer with a clear message. */
export class BadRequestError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503 = 400,
  ) {
    super(message)
    this.name = 'BadRequestError'
  }
}

/** A 0x address (any case), returned checksummed. */
export const addressSchema = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), { message: 'must be a 0x-prefixed 20-byte hex address' })
  .transform((value) => getAddress(value) as Address)

/** A CAIP-2 EVM chain id such as `eip155:31337`. */
export const caip2Schema = z
  .string()
  .regex(/^eip155:[0-9]{1,15}$/, 'must be a CAIP-2 EVM chain id such as eip155:31337')
  .transform((value) => Number(value.slice('eip155:'.length)))

/** A CAIP-10 account/asset such as `eip155:31337:0xabc…` → `{ chainId, address }`. */
export const caip10Schema = z
  .string()
  .regex(/^eip155:[0-9]{1,15}:0x[0-9a-fA-F]{40}$/, 'must be a CAIP-10 address such as eip155:31337:0x…')
  .transform((value) => {
    const [, chainId, address] = value.split(':')
    return { chainId: Number(chainId), address: getAddress(address!) as Address }
  })

/** A non-negative integer amount in base units, as a decimal string. */
export const amountSchema = z.string().regex(/^[0-9]{1,78}$/, 'must be a non-negative integer in base units')

function describe(error: z.ZodError, where: string): string {
  return error.issues
    .map((issue) => `${where}${issue.path.length ? ` ${issue.path.join('.')}` : ''}: ${issue.message}`)
    .join('; ')
}

/** Parses the query string with a zod schema, or throws a {@link BadRequestError}. */
export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const result = schema.safeParse(c.req.query())
  if (!result.success) throw new BadRequestError(describe(result.error, 'query'))
  return result.data
}

/** Parses a path parameter with a zod schema, or throws a {@link BadRequestError}. */
export function parseParam<T extends z.ZodType>(c: Context, name: string, schema: T): z.infer<T> {
  const result = schema.safeParse(c.req.param(name))
  if (!result.success) throw new BadRequestError(describe(result.error, `path parameter ${name}`))
  return result.data
}

/** Parses the JSON body with a zod schema, or throws a {@link BadRequestError}. */
export async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw new BadRequestError('body: must be valid JSON')
  }
  const result = schema.safeParse(body)
  if (!result.success) throw new BadRequestError(describe(result.error, 'body'))
  return result.data
}

/**
 * The answer to an error no route expected: logged here with a reference, answered as a 500 that
 * names only the reference (never the error's text, which may be a database's message).
 */
export function internalError(c: Context, error: Error): Response {
  const reference = randomUUID()
  console.error(`[backend] ${reference} ${c.req.method} ${c.req.path}:`, error)
  return c.json({ error: `Internal error (reference ${reference})` }, 500)
}
