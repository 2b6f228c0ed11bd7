import { Hono } from 'hono'
import { encodeFunctionData, erc20Abi, type Address } from 'viem'
import { z } from 'zod'
import { DEV_ACCOUNTS, DEV_PRICES_USD } from '../chain/devChains'
import type { BackendContext, BackendEnv } from './BackendContext'
import { assetOf, NATIVE_TOKEN_ADDRESS, servedChain } from './blockchainRoutes'
import { amountSchema, BadRequestError, caip10Schema, caip2Schema, parseBody, parseQuery } from './validation'

/** The dev account that plays the swap pool: it receives the input of built swap transactions. */
export const SWAP_POOL: Address = DEV_ACCOUNTS[8]!
/** The pool's fee, taken from the output. */
export const SWAP_FEE = 0.003

/** Output of the computed pool: input value at the dev prices, minus the fee, in the output's base units. */
export function quoteOutput(amountIn: bigint, from: { symbol: string; decimals: number }, to: { symbol: string; decimals: number }): bigint {
  const priceIn = DEV_PRICES_USD[from.symbol] ?? 0
  const priceOut = DEV_PRICES_USD[to.symbol] ?? 0
  if (priceIn === 0 || priceOut === 0) return 0n
  const micro = (price: number) => BigInt(Math.round(price * 1e6)) // prices in millionths of a dollar, exact
  const feeKept = BigInt(Math.round((1 - SWAP_FEE) * 1e6))
  return (amountIn * micro(priceIn) * feeKept * 10n ** BigInt(to.decimals)) / (micro(priceOut) * 1_000_000n * 10n ** BigInt(from.decimals))
}

/** The swap ("convert") API over a computed pool. */
export function swapRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()

  const asset = (value: { chainId: number; address: string }, what: string) => {
    servedChain(ctx, value.chainId)
    const found = assetOf(ctx, value.chainId, value.address)
    if (!found) throw new BadRequestError(`${what}: unknown token eip155:${value.chainId}:${value.address}`)
    return found
  }
  const pair = (from: { chainId: number; address: string }, to: { chainId: number; address: string }) => {
    if (from.chainId !== to.chainId) throw new BadRequestError('from and to must be on the same chain')
    return { from: asset(from, 'from'), to: asset(to, 'to') }
  }
  const gasPrice = (chainId: number) => ctx.reader.client(chainId).getGasPrice()

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

  app.get('/v1/convert/quotes', (c) => {
    const q = parseQuery(c, z.object({ amount: amountSchema, userAddress: caip10Schema, from: caip10Schema, to: caip10Schema, gasPrice: amountSchema.optional() }))
    const { from, to } = pair(q.from, q.to)
    const toAmount = quoteOutput(BigInt(q.amount), from, to)
    return c.json({
      quotes: [{ id: `pool-${from.symbol}-${to.symbol}`, fromAmount: q.amount, fromAccount: `eip155:${q.from.chainId}:${from.address}`, toAmount: String(toAmount), toAccount: `eip155:${q.to.chainId}:${to.address}` }],
    })
  })

  app.get('/v1/convert/allowance', async (c) => {
    const q = parseQuery(c, z.object({ tokenAddress: caip10Schema, userAddress: caip10Schema }))
    const token = asset(q.tokenAddress, 'tokenAddress')
    if (token.address === NATIVE_TOKEN_ADDRESS) return c.json({ allowance: (2n ** 256n - 1n).toString() })
    const allowance = await ctx.reader.client(q.tokenAddress.chainId).readContract({
      address: token.address as Address, abi: erc20Abi, functionName: 'allowance', args: [q.userAddress.address, SWAP_POOL],
    })
    return c.json({ allowance: String(allowance) })
  })

  app.get('/v1/convert/build-approve', async (c) => {
    const q = parseQuery(c, z.object({ userAddress: caip10Schema, from: caip10Schema, to: caip10Schema, amount: amountSchema }))
    const { from } = pair(q.from, q.to)
    if (from.address === NATIVE_TOKEN_ADDRESS) throw new BadRequestError('from: the native currency needs no approval')
    const price = await gasPrice(q.from.chainId)
    return c.json({
      tx: {
        from: q.userAddress.address,
        to: from.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SWAP_POOL, BigInt(q.amount)] }),
        value: '0',
        eip155: { gas: '60000', gasPrice: String(price) },
      },
    })
  })

  app.post('/v1/convert/build-transaction', async (c) => {
    const body = await parseBody(c, z.object({
      amount: amountSchema, userAddress: caip10Schema, from: caip10Schema, to: caip10Schema,
      eip155: z.object({ slippage: z.union([z.string(), z.number()]).optional(), permit: z.string().optional() }).optional(),
    }))
    const { from, to } = pair(body.from, body.to)
    const price = await gasPrice(body.from.chainId)
    const native = from.address === NATIVE_TOKEN_ADDRESS
    return c.json({
      tx: {
        from: body.userAddress.address,
        to: native ? SWAP_POOL : from.address,
        data: native ? '0x' : encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SWAP_POOL, BigInt(body.amount)] }),
        amount: native ? body.amount : '0',
        eip155: { gas: native ? '21000' : '60000', gasPrice: String(price) },
      },
      expectedOutput: String(quoteOutput(BigInt(body.amount), from, to)),
    })
  })
  return app
}
