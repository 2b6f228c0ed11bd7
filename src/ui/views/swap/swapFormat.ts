import { formatUnits } from '../../../rules/units'
import { formatBalance } from '../../format/formatBalance'

/** A base-unit amount for the swap views: cut (not rounded) to at most 6 decimals, trailing zeros kept to 3. */
export function formatSwapAmount(value: bigint | undefined, decimals: number): string {
  if (value === undefined) return formatBalance(undefined)
  const text = formatUnits(value, decimals)
  const cut = formatBalance(text, 6)
  return cut.replace(/(\.\d{3}\d*?)0+$/, '$1')
}

/**
 * How many `to` one `from` buys at the quote, with 6 significant decimals.
 *
 * @example
 * swapRate(10n ** 18n, 18, 2_961_474_103n, 6) // '2961.474103'
 */
export function swapRate(amountIn: bigint, decimalsIn: number, amountOut: bigint, decimalsOut: number): string {
  if (amountIn === 0n) return '0'
  // out / in, both scaled to 18 decimals, kept to 18 decimals.
  const scale = 10n ** 18n
  const rate = (amountOut * 10n ** BigInt(decimalsIn) * scale) / (amountIn * 10n ** BigInt(decimalsOut))
  return formatSwapAmount(rate, 18)
}
