import type { SwapQuote, SwapTokenOption } from '../../../controllers/SwapController'
import { SWAP_SLIPPAGE } from '../../../controllers/SwapController'
import { useMessages } from '../../i18n/useMessages'
import { formatSwapAmount, swapRate } from './swapFormat'
import { DetailList } from '../../components/DetailList'

/** The quote in words: price, price impact, minimum received at the slippage, network fee. */
export function SwapDetails({ quote, from, to, nativeSymbol }: { quote: SwapQuote; from: SwapTokenOption; to: SwapTokenOption; nativeSymbol: string }) {
  const m = useMessages()
  const rows: [string, string][] = [
    [m.swap.price, m.swap.priceValue(from.symbol, swapRate(quote.amountIn, from.decimals, quote.amountOut, to.decimals), to.symbol)],
    [m.swap.priceImpact, quote.priceImpact === undefined ? m.swap.unknown : m.swap.percent(quote.priceImpact.toFixed(2))],
    [m.swap.minimumReceived(SWAP_SLIPPAGE), `${formatSwapAmount(quote.minimumOut, to.decimals)} ${to.symbol}`],
    [m.swap.networkFee, `${formatSwapAmount(quote.networkFee, 18)} ${nativeSymbol}`],
  ]
  return (
    <DetailList label={m.swap.details} rows={rows} alignValues="end" />
  )
}
