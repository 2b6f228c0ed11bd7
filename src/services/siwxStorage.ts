import { array, nullable, number, object, optional, string } from '../shape/shape'

/**
 * The sign-in sessions kept in storage between visits (with their bearer tokens). Anything
 * else under the key (corrupt, hand-edited) reads as no sessions.
 */
export const storedSiwxSessionsShape = array(
  object({
    id: string(),
    caipAddress: string(),
    message: string(),
    signature: string(),
    createdAt: number(),
    expiresAt: nullable(number()),
    token: optional(string()),
  }),
)
