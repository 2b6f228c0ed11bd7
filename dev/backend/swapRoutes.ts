import { Hono } from 'hono'
import { BaseError, ContractFunctionRevertedError, encodeFunctionData, erc20Abi, getAddress, maxUint256, type Address, type Hex } from 'viem'
import { z } from 'zod'
import { DEV_CONTRACTS } from '../chain/devChains'
import { readDevContracts } from '../chain/contracts/devContracts'
import type { BackendContext, BackendEnv } from './BackendContext'
import { CACHE_SECONDS, cacheable } from './cacheable'
import { assetOf, NATIVE_TOKEN_ADDRESS, servedChain } from './blockchainRoutes'
import { amountSchema, BadRequestError, caip10Schema, caip2Schema, parseBody, parseQuery } from './validation'

/** The answer when the pools cannot pay anything for a swap (no pool for the pair, or an output of 0). */
export const INSUFFICIENT_LIQUIDITY = 'Insufficient liquidity'
/** How long a built swap stays valid on chain (its deadline), after the latest block. */
export const SWAP_DEADLINE_SECONDS = 20 * 60
/** Gas shown for a swap that cannot be estimated yet (the input token not approved). */
const FALLBACK_SWAP_GAS = 150_000n

const isNative = (address: string) => address.toLowerCase() === NATIVE_TOKEN_ADDRESS
/** The pools' own spelling of an asset (the native currency is 0xEeee…EEeE there as well). */
const poolAsset = (address: string): Address => getAddress(address)

/**
 * The swap ("convert") API over the constant-product pools deployed on the dev chains
 * (`dev/chain/contracts/SwapPools.sol`): quotes are the pools' `getAmountOut`, the built
 * transactions call the pools' `swap` (the input token approved first).
 */
export function swapRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()
  const pools = () => ({ address: DEV_CONTRACTS.swapPools, abi: readDevContracts().contracts.SwapPools.abi })

  const asset = (value: { chainId: number; address: string }, what: string) => {
    servedChain(ctx, value.chainId)
    const found = assetOf(ctx, value.chainId, value.address)
    if (!found) throw new BadRequestError(`${what}: unknown token eip155:${value.chainId}:${value.address}`)
    return found
  }
  const pair = (from: { chainId: number; address: string }, to: { chainId: number; address: string }) => {
    if (from.chainId !== to.chainId) throw new BadRequestError('from and to must be on the same chain')
    const assets = { from: asset(from, 'from'), to: asset(to, 'to') }
    if (assets.from.address.toLowerCase() === assets.to.address.toLowerCase()) throw new BadRequestError('from and to must be different tokens')
    return assets
  }
  const gasPrice = (chainId: number) => ctx.reader.client(chainId).getGasPrice()

  /** The pools' output for `amountIn`; 422 'Insufficient liquidity' when they can pay nothing. */
  const amountOut = async (chainId: number, from: string, to: string, amountIn: bigint): Promise<bigint> => {
    if (amountIn === 0n) throw new BadRequestError('amount: must be above zero')
    let out: bigint
    try {
      out = (await ctx.reader.client(chainId).readContract({ ...pools(), functionName: 'getAmountOut', args: [amountIn, poolAsset(from), poolAsset(to)] })) as bigint
    } catch (error) {
      const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : undefined
      if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName === 'InsufficientLiquidity') throw new BadRequestError(INSUFFICIENT_LIQUIDITY, 422)
      throw new BadRequestError(`The swap pools of chain ${chainId} cannot be read: ${(error as Error).message.split('\n')[0]}`, 502)
    }
    if (out === 0n) throw new BadRequestError(INSUFFICIENT_LIQUIDITY, 422)
    return out
  }

  /** Gas for a call from the user, or `fallback` when the node cannot estimate it yet. */
  const estimate = async (chainId: number, call: { account: Address; to: Address; data: Hex; value?: bigint }, fallback: bigint) =>
    ctx.reader.client(chainId).estimateGas(call).catch(() => fallback)

  app.use('/v1/convert/tokens', cacheable(CACHE_SECONDS.catalogue))
  app.get('/v1/convert/tokens', (c) => {
    const { chainId } = parseQuery(c, z.object({ chainId: caip2Schema }))
    const chain = servedChain(ctx, chainId)
    const tokens = [{ name: 'Ether', symbol: 'ETH', decimals: 18, address: NATIVE_TOKEN_ADDRESS }, ...chain.tokens].map((t) => ({
      name: t.name,
      symbol: t.symbol,
      address: `eip155:${chainId}:${t.address}`,
      decimals: t.decimals,
      logoUri: `${ctx.baseUrl()}/public/getTokenImage/${t.symbol}`,
      eip2612: false,
    }))
    return c.json({ tokens })
  })

  app.get('/v1/convert/gas-price', async (c) => {
    const { chainId } = parseQuery(c, z.object({ chainId: caip2Schema }))
    servedChain(ctx, chainId)
    const price = await gasPrice(chainId)
    return c.json({ standard: String(price), fast: String((price * 12n) / 10n), instant: String((price * 15n) / 10n) })
  })

  app.get('/v1/convert/quotes', async (c) => {
    const q = parseQuery(c, z.object({ amount: amountSchema, userAddress: caip10Schema, from: caip10Schema, to: caip10Schema, gasPrice: amountSchema.optional() }))
    const { from, to } = pair(q.from, q.to)
    const toAmount = await amountOut(q.from.chainId, from.address, to.address, BigInt(q.amount))
    return c.json({
      quotes: [{ id: `pools-${from.symbol}-${to.symbol}`, fromAmount: q.amount, fromAccount: `eip155:${q.from.chainId}:${from.address}`, toAmount: String(toAmount), toAccount: `eip155:${q.to.chainId}:${to.address}` }],
    })
  })

  app.get('/v1/convert/allowance', async (c) => {
    const q = parseQuery(c, z.object({ tokenAddress: caip10Schema, userAddress: caip10Schema }))
    const token = asset(q.tokenAddress, 'tokenAddress')
    if (q.userAddress.chainId !== q.tokenAddress.chainId) throw new BadRequestError('tokenAddress and userAddress must be on the same chain')
    // The native currency is sent with the swap itself: nothing to approve.
    if (isNative(token.address)) return c.json({ allowance: maxUint256.toString() })
    const allowance = await ctx.reader.client(q.tokenAddress.chainId).readContract({
      address: token.address as Address, abi: erc20Abi, functionName: 'allowance', args: [q.userAddress.address as Address, DEV_CONTRACTS.swapPools],
    })
    return c.json({ allowance: allowance.toString() })
  })

  app.get('/v1/convert/build-approve', async (c) => {
    const q = parseQuery(c, z.object({ userAddress: caip10Schema, from: caip10Schema, to: caip10Schema, amount: amountSchema }))
    const { from } = pair(q.from, q.to)
    if (isNative(from.address)) throw new BadRequestError('from: the native currency needs no approval')
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEV_CONTRACTS.swapPools, BigInt(q.amount)] })
    const user = q.userAddress.address as Address
    const [price, gas] = await Promise.all([gasPrice(q.from.chainId), estimate(q.from.chainId, { account: user, to: from.address as Address, data }, 60_000n)])
    return c.json({ tx: { from: user, to: from.address, data, value: '0', eip155: { gas: String(gas), gasPrice: String(price) } } })
  })

  app.post('/v1/convert/build-transaction', async (c) => {
    const body = await parseBody(c, z.object({
      amount: amountSchema, userAddress: caip10Schema, from: caip10Schema, to: caip10Schema,
      eip155: z.object({ slippage: z.union([z.string(), z.number()]).optional(), permit: z.string().optional() }).optional(),
    }))
    const { from, to } = pair(body.from, body.to)
    const chainId = body.from.chainId
    const slippage = Number(body.eip155?.slippage ?? 1)
    if (!Number.isFinite(slippage) || slippage < 0 || slippage > 50) throw new BadRequestError('body eip155.slippage: must be a percentage between 0 and 50')
    const amountIn = BigInt(body.amount)
    const expected = await amountOut(chainId, from.address, to.address, amountIn)
    const minOutput = (expected * BigInt(Math.round((100 - slippage) * 1000))) / 100_000n
    const latest = await ctx.reader.client(chainId).getBlock({ blockTag: 'latest' })
    const deadline = latest.timestamp + BigInt(SWAP_DEADLINE_SECONDS)
    const data = encodeFunctionData({ ...pools(), functionName: 'swap', args: [poolAsset(from.address), poolAsset(to.address), amountIn, minOutput, deadline] })
    const value = isNative(from.address) ? amountIn : 0n
    const user = body.userAddress.address as Address
    const [price, gas] = await Promise.all([gasPrice(chainId), estimate(chainId, { account: user, to: DEV_CONTRACTS.swapPools, data, value }, FALLBACK_SWAP_GAS)])
    return c.json({
      tx: { from: user, to: DEV_CONTRACTS.swapPools, data, amount: String(value), eip155: { gas: String(gas), gasPrice: String(price) } },
      expectedOutput: String(expected),
      minOutput: String(minOutput),
      deadline: Number(deadline),
    })
  })
  return app
}
