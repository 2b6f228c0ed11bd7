import { Hono } from 'hono'
import { concatHex, encodeFunctionData, erc20Abi, type Address } from 'viem'
import { z } from 'zod'
import { SWAP_POOL } from '../chain/devChains'
import type { BackendContext, BackendEnv } from './BackendContext'
import { assetOf, NATIVE_TOKEN_ADDRESS, servedChain } from './blockchainRoutes'
import { encodeSwapIntent, quoteOutput } from './swapPool'
import { amountSchema, BadRequestError, caip10Schema, caip2Schema, parseBody, parseQuery } from './validation'

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
    // The pool takes its input by a plain transfer, so no approval is ever needed.
    if (token.address === NATIVE_TOKEN_ADDRESS || q.userAddress.chainId === q.tokenAddress.chainId) {
      return c.json({ allowance: (2n ** 256n - 1n).toString() })
    }
    throw new BadRequestError('tokenAddress and userAddress must be on the same chain')
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
    const expected = quoteOutput(BigInt(body.amount), from, to)
    const slippage = Number(body.eip155?.slippage ?? 1)
    if (!Number.isFinite(slippage) || slippage < 0 || slippage > 50) throw new BadRequestError('body eip155.slippage: must be a percentage between 0 and 50')
    const minOutput = (expected * BigInt(Math.round((100 - slippage) * 1000))) / 100_000n
    // The intent rides at the end of the calldata; the pool reads it and pays the output.
    const intent = encodeSwapIntent(to.address as Address, minOutput)
    return c.json({
      tx: {
        from: body.userAddress.address,
        to: native ? SWAP_POOL : from.address,
        data: native ? intent : concatHex([encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SWAP_POOL, BigInt(body.amount)] }), intent]),
        amount: native ? body.amount : '0',
        eip155: { gas: native ? '30000' : '70000', gasPrice: String(price) },
      },
      expectedOutput: String(expected),
      minOutput: String(minOutput),
    })
  })
  return app
}
