import type { OnrampOptions, OnrampQuote } from './blockchainSchemas'

const limits = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'bank', min: '10.00', max: '25000.00' },
]

/** The options shown when the onramp options cannot be fetched: card 10–7500, bank 10–25000, USD and EUR. */
export const DEFAULT_ONRAMP_OPTIONS: OnrampOptions = {
  paymentCurrencies: [
    { id: 'USD', limits },
    { id: 'EUR', limits },
  ],
  purchaseCurrencies: [
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'ethereum-mainnet', display_name: 'Ethereum', chain_id: '1', contract_address: '' }],
    },
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [{ name: 'ethereum-mainnet', display_name: 'Ethereum', chain_id: '1', contract_address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }],
    },
  ],
}

/**
 * The quote shown when no quote can be fetched: the amount as entered, no fees, and no
 * purchase amount claimed (`'0'`), so nothing wrong is promised.
 */
export function defaultOnrampQuote(amount: string, paymentCurrency: string, purchaseCurrency: string): OnrampQuote {
  const money = (value: string) => ({ value, currency: paymentCurrency })
  return {
    paymentTotal: money(amount),
    paymentSubtotal: money(amount),
    purchaseAmount: { value: '0', currency: purchaseCurrency },
    coinbaseFee: money('0'),
    networkFee: money('0'),
    quoteId: 'default',
  }
}
