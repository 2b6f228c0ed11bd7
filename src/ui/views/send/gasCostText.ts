import type { Snapshot } from 'valtio/vanilla'
import type { TokenBalance } from '../../../controllers/TokenBalancesController'
import { formatUnits } from '../../../rules/units'
import { formatLocaleAmount, formatLocaleFiat } from '../../format/formatLocaleNumber'

/**
 * The most a smart account pays for gas, in the network's currency and, when the account's
 * balances carry that currency's price, in the visitor's too: "0.00042 ETH (≈ $1.26)".
 *
 * @example
 * gasCostText(420_000_000_000_000n, 'ETH', 'en', balances) // '0.00042 ETH (≈ $1.26)'
 */
export function gasCostText(maxCost: bigint, native: string, locale: string, balances: Snapshot<TokenBalance[]>): string {
  const amount = formatUnits(maxCost, 18)
  const price = balances.find((balance) => !balance.address && balance.symbol === native)?.price
  const fiat = price ? ` (≈ ${formatLocaleFiat(Number(amount) * price, locale)})` : ''
  return `${formatLocaleAmount(amount, locale)} ${native}${fiat}`
}
