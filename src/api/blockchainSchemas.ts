import { z } from 'zod'

/** Zod schemas of the blockchain API's answers; the types the clients return come from them. */

export const supportedChainsSchema = z.object({ http: z.array(z.string()), ws: z.array(z.string()).optional() })

export const identitySchema = z.object({ name: z.string().nullable(), avatar: z.string().nullable() })
export type Identity = z.infer<typeof identitySchema>

const transferSchema = z
  .object({
    fungible_info: z.object({ name: z.string().optional(), symbol: z.string().optional(), icon: z.object({ url: z.string() }).nullish() }).nullish(),
    nft_info: z
      .object({ name: z.string().optional(), flags: z.object({ is_spam: z.boolean() }).optional(), content: z.unknown().optional() })
      .loose()
      .nullish(),
    direction: z.enum(['in', 'out', 'self']),
    quantity: z.object({ numeric: z.string() }),
    value: z.number().optional(),
    price: z.number().optional(),
  })
  .loose()
export type TransactionTransfer = z.infer<typeof transferSchema>

export const transactionSchema = z
  .object({
    id: z.string(),
    metadata: z
      .object({
        operationType: z.string(),
        hash: z.string(),
        minedAt: z.string(),
        sentFrom: z.string(),
        sentTo: z.string().nullable(),
        status: z.string(),
        nonce: z.number(),
        chain: z.string().optional(),
      })
      .loose(),
    transfers: z.array(transferSchema),
  })
  .loose()
export type Transaction = z.infer<typeof transactionSchema>

export const historySchema = z.object({ data: z.array(transactionSchema), next: z.string().nullable().optional() })

export const balanceSchema = z
  .object({
    name: z.string(),
    symbol: z.string(),
    chainId: z.string(),
    address: z.string().optional(),
    value: z.number().optional(),
    price: z.number(),
    quantity: z.object({ decimals: z.string(), numeric: z.string() }),
    iconUrl: z.string(),
  })
  .loose()
export type Balance = z.infer<typeof balanceSchema>
export const balancesSchema = z.object({ balances: z.array(balanceSchema) })

export const swapTokenSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  address: z.string(),
  decimals: z.number(),
  logoUri: z.string(),
  eip2612: z.boolean().optional(),
})
export type SwapToken = z.infer<typeof swapTokenSchema>
export const swapTokensSchema = z.object({ tokens: z.array(swapTokenSchema) })

export const swapQuoteSchema = z.object({
  quotes: z.array(z.object({ id: z.string().nullish(), fromAmount: z.string(), fromAccount: z.string(), toAmount: z.string(), toAccount: z.string() })),
})
export type SwapQuotes = z.infer<typeof swapQuoteSchema>

export const allowanceSchema = z.object({ allowance: z.string() })
export const gasPriceSchema = z.object({ standard: z.string(), fast: z.string(), instant: z.string() })
export type GasPrice = z.infer<typeof gasPriceSchema>

const eip155TxSchema = z.object({ gas: z.string(), gasPrice: z.string() })
export const swapCalldataSchema = z.object({
  tx: z.object({ from: z.string(), to: z.string(), data: z.string(), amount: z.string(), eip155: eip155TxSchema }),
  /** The reference backend also says what it expects and the least the transaction accepts. */
  expectedOutput: z.string().optional(),
  minOutput: z.string().optional(),
})
export const approveCalldataSchema = z.object({
  tx: z.object({ from: z.string(), to: z.string(), data: z.string(), value: z.string(), eip155: eip155TxSchema.optional() }),
})

export const fungiblePriceSchema = z.object({
  fungibles: z.array(z.object({ name: z.string(), symbol: z.string(), iconUrl: z.string(), price: z.number() })),
})

export const profileSchema = z.object({
  name: z.string(),
  registered: z.number(),
  updated: z.number(),
  addresses: z.record(z.string(), z.object({ address: z.string(), created: z.number().optional() })),
  attributes: z.record(z.string(), z.string()).optional(),
})
export type Profile = z.infer<typeof profileSchema>
export const suggestionsSchema = z.object({ suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })) })

export const onrampUrlSchema = z.object({ url: z.string() })
const limitSchema = z.object({ id: z.string(), min: z.string(), max: z.string() })
export const onrampOptionsSchema = z.object({
  paymentCurrencies: z.array(z.object({ id: z.string(), limits: z.array(limitSchema) })),
  purchaseCurrencies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      networks: z.array(z.object({ name: z.string(), display_name: z.string(), chain_id: z.string(), contract_address: z.string() })),
    }),
  ),
})
export type OnrampOptions = z.infer<typeof onrampOptionsSchema>
const moneySchema = z.object({ value: z.string(), currency: z.string() })
export const onrampQuoteSchema = z.object({
  paymentTotal: moneySchema,
  paymentSubtotal: moneySchema,
  purchaseAmount: moneySchema,
  coinbaseFee: moneySchema,
  networkFee: moneySchema,
  quoteId: z.string(),
})
export type OnrampQuote = z.infer<typeof onrampQuoteSchema>
/** `GET /v1/onramp/orders?account=`: the account's purchases, newest first. */
export const onrampOrdersSchema = z.object({
  orders: z.array(z.object({
    id: z.string(),
    caipAddress: z.string(),
    paymentCurrency: z.string(),
    paymentAmount: z.string(),
    purchaseCurrency: z.string(),
    purchaseAmount: z.string(),
    status: z.enum(['pending', 'completed', 'failed']),
    txHash: z.string().nullable(),
    createdAt: z.number(),
  })),
})

export const sessionSchema = z.object({
  id: z.string(),
  caipAddress: z.string(),
  message: z.string(),
  signature: z.string(),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
})
export type Session = z.infer<typeof sessionSchema>
export const sessionsSchema = z.object({ sessions: z.array(sessionSchema) })
export const addedSessionSchema = z.object({ session: sessionSchema, token: z.string() })
export const revokedSchema = z.object({ revoked: z.boolean() })
