import { Hono } from 'hono'
import { z } from 'zod'
import { DEV_PRICES_USD } from '../chain/devChains'
import type { BackendContext, BackendEnv } from './BackendContext'
import { BadRequestError, parseBody, parseQuery } from './validation'

const limits = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ACH_BANK_ACCOUNT', min: '10.00', max: '25000.00' },
]
const FIAT_PER_USD: Record<string, number> = { USD: 1, EUR: 0.92 }

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

/** The onramp API: options, a computed quote, and a URL to a local placeholder widget. */
export function onrampRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()

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
    const fiat = FIAT_PER_USD[body.paymentCurrency.id]
    if (!fiat) throw new BadRequestError(`paymentCurrency: ${body.paymentCurrency.id} is not offered (USD, EUR)`)
    const price = DEV_PRICES_USD[body.purchaseCurrency.id]
    if (!price) throw new BadRequestError(`purchaseCurrency: ${body.purchaseCurrency.id} is not offered (ETH, PUSD)`)
    const limit = limits.find((l) => l.id === 'ACH_BANK_ACCOUNT')!
    if (body.amount < Number(limits[0]!.min) || body.amount > Number(limit.max)) {
      throw new BadRequestError(`amount: must be between ${limits[0]!.min} and ${limit.max}`)
    }
    const fee = Math.round(body.amount * 0.015 * 100) / 100
    const networkFee = 0.5
    const subtotal = body.amount - fee - networkFee
    const money = (value: number) => ({ value: value.toFixed(2), currency: body.paymentCurrency.id })
    return c.json({
      paymentTotal: money(body.amount),
      paymentSubtotal: money(subtotal),
      purchaseAmount: { value: (subtotal / fiat / price).toFixed(6), currency: body.purchaseCurrency.id },
      coinbaseFee: money(fee),
      networkFee: money(networkFee),
      quoteId: `local-${Date.now().toString(36)}`,
    })
  })

  app.post('/v1/generators/onrampurl', async (c) => {
    const body = await parseBody(c, z.object({
      destinationWallets: z.array(z.object({ address: z.string().min(1), blockchains: z.array(z.string()).optional(), assets: z.array(z.string()).optional() })).min(1),
      partnerUserId: z.string().min(1),
      defaultNetwork: z.string().optional(),
      purchaseAmount: z.number().optional(),
      paymentAmount: z.number().optional(),
      paymentCurrency: z.string().optional(),
    }))
    const params = new URLSearchParams({ address: body.destinationWallets[0]!.address, user: body.partnerUserId })
    if (body.paymentAmount !== undefined) params.set('amount', String(body.paymentAmount))
    return c.json({ url: `${ctx.baseUrl()}/onramp/widget?${params}` })
  })

  app.get('/onramp/widget', (c) => {
    const address = (c.req.query('address') ?? '').replace(/[^\w:.-]/g, '')
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local onramp</title></head>
<body><main><h1>Local onramp</h1><p>This placeholder stands in for a payment provider. Nothing is bought; no money moves.</p>
<p>Destination: <code>${address}</code></p></main></body></html>`)
  })
  return app
}
