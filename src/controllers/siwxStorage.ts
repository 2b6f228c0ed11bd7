import * as z from 'zod/mini'

/**
 * The sign-in sessions kept in storage between visits (with their bearer tokens). Anything
 * else under the key (corrupt, hand-edited) reads as no sessions.
 */
export const storedSiwxSessionsSchema = z.array(
  z.object({
    id: z.string(),
    caipAddress: z.string(),
    message: z.string(),
    signature: z.string(),
    createdAt: z.number(),
    expiresAt: z.nullable(z.number()),
    token: z.optional(z.string()),
  }),
)
