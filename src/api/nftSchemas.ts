import { z } from 'zod'

/** One NFT of `GET /v1/account/{address}/nfts`. */
export const nftSchema = z.object({
  id: z.string(),
  contract: z.string(),
  tokenId: z.string(),
  name: z.string(),
  description: z.string().default(''),
  image: z.string(),
  collection: z.object({ name: z.string(), symbol: z.string() }),
  flags: z.object({ is_spam: z.boolean() }).optional(),
})
export const nftsSchema = z.object({ data: z.array(nftSchema) })
