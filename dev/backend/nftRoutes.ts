import { Hono } from 'hono'
import { erc721Abi, type Address } from 'viem'
import { z } from 'zod'
import { DEV_COLLECTIONS, DEV_CONTRACTS, type DevCollectionSpec } from '../chain/devChains'
import type { BackendContext, BackendEnv } from './BackendContext'
import { servedChain } from './blockchainRoutes'
import { addressSchema, BadRequestError, caip2Schema, parseParam, parseQuery } from './validation'

/** One NFT as `GET /v1/account/{address}/nfts` lists it. */
export type NftItem = {
  id: string
  chain: string
  contract: Address
  tokenId: string
  name: string
  description: string
  /** The token's image (a data: URL of the SVG the contract draws). */
  image: string
  collection: { name: string; symbol: string }
  flags: { is_spam: boolean }
}

const enumerableAbi = [
  ...erc721Abi,
  { type: 'function', name: 'tokenOfOwnerByIndex', stateMutability: 'view', inputs: [{ type: 'address' }, { type: 'uint256' }], outputs: [{ type: 'uint256' }] },
] as const

/** The metadata a `data:application/json;base64,…` token URI holds. */
const metadataSchema = z.object({ name: z.string(), description: z.string().default(''), image: z.string() })

function readTokenUri(uri: string): z.infer<typeof metadataSchema> {
  const prefix = 'data:application/json;base64,'
  if (!uri.startsWith(prefix)) throw new Error(`token URI is not inline JSON: ${uri.slice(0, 40)}`)
  return metadataSchema.parse(JSON.parse(Buffer.from(uri.slice(prefix.length), 'base64').toString('utf8')))
}

/**
 * NFTs held by an address on a dev chain, read from the chain in three batched calls through
 * Multicall3: each collection's balance, the owner's token ids, their token URIs. Items of a
 * spam collection are listed with `flags.is_spam` (clients hide them).
 */
export async function readNfts(ctx: BackendContext, chainId: number, owner: Address, collections: readonly DevCollectionSpec[] = DEV_COLLECTIONS): Promise<NftItem[]> {
  const client = ctx.reader.client(chainId)
  const multicall = <T extends readonly unknown[]>(contracts: readonly { address: Address; functionName: string; args: readonly unknown[] }[]) =>
    client.multicall({
      multicallAddress: DEV_CONTRACTS.multicall3,
      allowFailure: false,
      contracts: contracts.map((c) => ({ ...c, abi: enumerableAbi })) as never,
    }) as Promise<T>
  const balances = await multicall<bigint[]>(collections.map((c) => ({ address: c.address, functionName: 'balanceOf', args: [owner] })))
  const owned = collections.flatMap((collection, index) => Array.from({ length: Number(balances[index]!) }, (_, i) => ({ collection, index: BigInt(i) })))
  const ids = await multicall<bigint[]>(owned.map((o) => ({ address: o.collection.address, functionName: 'tokenOfOwnerByIndex', args: [owner, o.index] })))
  const uris = await multicall<string[]>(owned.map((o, i) => ({ address: o.collection.address, functionName: 'tokenURI', args: [ids[i]!] })))
  return owned.map(({ collection }, i) => {
    const metadata = readTokenUri(uris[i]!)
    return {
      id: `eip155:${chainId}:${collection.address}:${ids[i]}`,
      chain: `eip155:${chainId}`,
      contract: collection.address,
      tokenId: String(ids[i]),
      name: metadata.name,
      description: metadata.description,
      image: metadata.image,
      collection: { name: collection.name, symbol: collection.symbol },
      flags: { is_spam: collection.spam },
    }
  })
}

/** `GET /v1/account/{address}/nfts?chainId`: `{ data: NftItem[] }`, read from the chain. */
export function nftRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()
  app.get('/v1/account/:address/nfts', async (c) => {
    const address = parseParam(c, 'address', addressSchema)
    const q = parseQuery(c, z.object({ chainId: caip2Schema }))
    servedChain(ctx, q.chainId)
    try {
      return c.json({ data: await readNfts(ctx, q.chainId, address as Address) })
    } catch (error) {
      throw new BadRequestError(`The NFTs of chain ${q.chainId} cannot be read: ${(error as Error).message.split('\n')[0]}`, 502)
    }
  })
  return app
}
