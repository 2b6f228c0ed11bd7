import type { SwapQuote, SwapTokenOption } from '../../../controllers/SwapController'
import { SWAP_SLIPPAGE } from '../../../controllers/SwapController'
import { en } from '../../i18n/en'
import { formatSwapAmount, swapRate } from './swapFormat'

/** The quote in words: price, price impact, minimum received at the slippage, network fee. */
export function SwapDetails({ quote, from, to, nativeSymbol }: { quote: SwapQuote; from: SwapTokenOption; to: SwapTokenOption; nativeSymbol: string }) {
  const rows: [string, string][] = [
    [en.swap.price, en.swap.priceValue(from.symbol, swapRate(quote.amountIn, from.decimals, quote.amountOut, to.decimals), to.symbol)],
    [en.swap.priceImpact, quote.priceImpact === undefined ? en.swap.unknown : en.swap.percent(quote.priceImpact.toFixed(2))],
    [en.swap.minimumReceived(SWAP_SLIPPAGE), `${formatSwapAmount(quote.minimumOut, to.decimals)} ${to.symbol}`],
    [en.swap.networkFee, `${formatSwapAmount(quote.networkFee, 18)} ${nativeSymbol}`],
  ]
  return (
    <dl aria-label={en.swap.details} style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: 0 }}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className="muted">{term}</dt>
          <dd style={{ margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
