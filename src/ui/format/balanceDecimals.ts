import type { Namespace } from '../../networks/Network'

/**
 * How many decimals a native balance shows: 8 for Bitcoin (every satoshi, as wallets show BTC),
 * 3 for the others.
 *
 * @example
 * formatLocaleBalance(balance, locale, balanceDecimals('bip122')) // '0.42345678'
 */
export function balanceDecimals(namespace: Namespace | undefined): number {
  return namespace === 'bip122' ? 8 : 3
}
