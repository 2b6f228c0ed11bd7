import { randomBytes, randomUUID } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { DEV_PRICES_USD } from '../chain/devChains'
import type { BackendContext, BackendEnv } from './BackendContext'
import { OnrampPayer } from './OnrampPayer'
import { onrampWidgetPage } from './onrampWidgetPage'
import { addressSchema, BadRequestError, parseBody, parseParam, parseQuery } from './validation'

const limits = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ACH_BANK_ACCOUNT', min: '10.00', max: '25000.00' },
]
const FIAT_PER_USD: Record<string, number> = { USD: 1, EUR: 0.92 }
/** What the dev provider sells (the native coin of each chain, and PUSD). */
const SOLD = ['ETH', 'PUSD']

/** The onramp options the local stack offers: pay in USD or EUR, buy ETH or PUSD on the dev chains. */
export function onrampOptions(ctx: BackendContext) {
  const networks = ctx.reader.chains.map((chain) => ({ name: `local-${chain.id}`, display_name: chain.name, chain_id: String(chain.id), contract_address: '' }))
  return {
    paymentCurrencies: Object.keys(FIAT_PER_USD).map((id) => ({ id, limits })),
    purchaseCurrencies: [
      { id: 'ETH', name: 'Ether', symbol: 'ETH', networks },
      { id: 'PUSD', name: 'Portico USD', symbol: 'PUSD', networks },
    ],
  }
}

/** The dev provider's price: 1.5 % fee and a 0.50 network fee, at the dev prices. Throws a 400 for what it does not offer. */
export function onrampQuote(input: { paymentCurrency: string; purchaseCurrency: string; amount: number }) {
  const fiat = FIAT_PER_USD[input.paymentCurrency]
  if (!fiat) throw new BadRequestError(`paymentCurrency: ${input.paymentCurrency} is not offered (USD, EUR)`)
  const price = DEV_PRICES_USD[input.purchaseCurrency]
  if (!price || !SOLD.includes(input.purchaseCurrency)) throw new BadRequestError(`purchaseCurrency: ${input.purchaseCurrency} is not offered (${SOLD.join(', ')})`)
  const limit = limits.find((l) => l.id === 'ACH_BANK_ACCOUNT')!
  if (!(input.amount >= Number(limits[0]!.min) && input.amount <= Number(limit.max))) {
    throw new BadRequestError(`amount: must be between ${limits[0]!.min} and ${limit.max}`)
  }
  const fee = Math.round(input.amount * 0.015 * 100) / 100
  const networkFee = 0.5
  const subtotal = input.amount - fee - networkFee
  const money = (value: number) => ({ value: value.toFixed(2), currency: input.paymentCurrency })
  return {
    paymentTotal: money(input.amount),
    paymentSubtotal: money(subtotal),
    purchaseAmount: { value: (subtotal / fiat / price).toFixed(6), currency: input.purchaseCurrency },
    coinbaseFee: money(fee),
    networkFee: money(networkFee),
    quoteId: `local-${Date.now().toString(36)}`,
  }
}

/** `local-31337`, `eip155:31337` or `31337` → 31337. */
const chainIdOf = (network: string | undefined) => (network ? Number(network.replace(/^(local-|eip155:)/, '')) : undefined)

/** A buyer token or an order secret: 32 to 128 URL-safe characters. */
const secretSchema = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be the 32 to 128 character token the client chose or the order URL carries')

/** The buyer token of `Authorization: Bearer <token>`: the client's own, which lists its orders. */
function buyerToken(c: Context): string {
  const match = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')
  if (!match) throw new BadRequestError('Missing Authorization header: send Authorization: Bearer <buyer token> (the random token the client made its orders with)', 401)
  const token = secretSchema.safeParse(match[1])
  if (!token.success) throw new BadRequestError('Authorization: the buyer token must be 32 to 128 URL-safe characters', 401)
  return token.data
}

/**
 * The onramp API (options, a computed quote, the provider URL) and, in dev mode only, the dev
 * provider itself: the URL creates a pending order and opens `/onramp/widget/{id}?secret=…`,
 * whose *Complete purchase* pays the bought amount on the local chain from a funding account (the
 * order's own secret is needed to see and to complete it). `GET /v1/onramp/orders` lists the
 * account's orders made with the caller's buyer token, so the modal can show them pending, then
 * done, and nobody else can list them.
 */
export function onrampRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()
  const payer = new OnrampPayer(ctx.reader)

  app.get('/v1/onramp/options', (c) => {
    parseQuery(c, z.object({ country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code').optional() }))
    return c.json(onrampOptions(ctx))
  })

  app.post('/v1/onramp/quote', async (c) => {
    const body = await parseBody(c, z.object({
      purchaseCurrency: z.object({ id: z.string() }).loose(),
      paymentCurrency: z.object({ id: z.string() }).loose(),
      amount: z.union([z.string(), z.number()]).transform(Number).pipe(z.number().positive('must be positive')),
      network: z.string().optional(),
    }))
    return c.json(onrampQuote({ paymentCurrency: body.paymentCurrency.id, purchaseCurrency: body.purchaseCurrency.id, amount: body.amount }))
  })

  app.post('/v1/generators/onrampurl', async (c) => {
    const buyer = buyerToken(c)
    if (!ctx.settings.testControl) throw new BadRequestError('No on-ramp provider is set up on this backend (the local one runs in dev mode only)', 503)
    const body = await parseBody(c, z.object({
      destinationWallets: z.array(z.object({ address: addressSchema, blockchains: z.array(z.string()).optional(), assets: z.array(z.string()).optional() })).min(1),
      partnerUserId: z.string().min(1),
      defaultNetwork: z.string().optional(),
      purchaseAmount: z.number().optional(),
      paymentAmount: z.number().optional(),
      paymentCurrency: z.string().optional(),
    }))
    const wallet = body.destinationWallets[0]!
    const chainId = chainIdOf(body.defaultNetwork ?? wallet.blockchains?.[0]) ?? ctx.reader.chains[0]!.id
    if (!ctx.reader.chain(chainId)) throw new BadRequestError(`defaultNetwork: chain ${chainId} is not served here`)
    const paymentCurrency = body.paymentCurrency ?? 'USD'
    const purchaseCurrency = wallet.assets?.[0] ?? 'ETH'
    const paymentAmount = body.paymentAmount ?? 100
    const quote = onrampQuote({ paymentCurrency, purchaseCurrency, amount: paymentAmount })
    const secret = randomBytes(24).toString('base64url')
    const order = await ctx.store.createOnrampOrder({
      id: randomUUID(), caipAddress: `eip155:${chainId}:${wallet.address}`, paymentCurrency, paymentAmount: paymentAmount.toFixed(2),
      purchaseCurrency, purchaseAmount: quote.purchaseAmount.value, buyerToken: buyer, secret,
    })
    return c.json({ url: `${ctx.baseUrl()}/onramp/widget/${order.id}?secret=${secret}` })
  })

  app.get('/v1/onramp/orders', async (c) => {
    const { account } = parseQuery(c, z.object({ account: z.string().regex(/^eip155:[0-9]{1,15}:0x[0-9a-fA-F]{40}$/, 'must be a CAIP-10 address such as eip155:31337:0x…') }))
    return c.json({ orders: await ctx.store.onrampOrders(account, buyerToken(c)) })
  })

  if (!ctx.settings.testControl) return app

  /** The order of the path's id whose secret (query or form field) is the order's own; undefined when not. */
  const orderWithSecret = async (c: Context, secret: unknown) => {
    const id = parseParam(c, 'id', z.uuid('must be an order id'))
    const parsed = secretSchema.safeParse(secret)
    if (!parsed.success || !(await ctx.store.isOnrampOrderSecret(id, parsed.data))) return undefined
    return ctx.store.onrampOrder(id)
  }

  app.get('/onramp/widget/:id', async (c) => {
    const order = await orderWithSecret(c, c.req.query('secret'))
    if (!order) return c.html(onrampWidgetPage(undefined), 404)
    return c.html(onrampWidgetPage(order, c.req.query('secret')!))
  })

  app.post('/onramp/widget/:id/complete', async (c) => {
    const form = c.req.header('content-type')?.startsWith('application/x-www-form-urlencoded') ? await c.req.parseBody() : {}
    const secret = form.secret ?? c.req.query('secret')
    const order = await orderWithSecret(c, secret)
    if (!order) return c.html(onrampWidgetPage(undefined), 404)
    const id = order.id
    if (order.status === 'pending') {
      try {
        const txHash = await payer.pay(order)
        await ctx.store.settleOnrampOrder(id, { status: 'completed', txHash })
      } catch (error) {
        await ctx.store.settleOnrampOrder(id, { status: 'failed' })
        console.error('[onramp] payout failed:', (error as Error).message)
      }
    }
    return c.redirect(`/onramp/widget/${id}?secret=${encodeURIComponent(String(secret))}`, 303)
  })
  return app
}
