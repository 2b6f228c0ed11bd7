import type { Network } from '../../../networks/Network'
import type { SendToken } from '../../../controllers/SendController'
import type { TokenBalance } from '../../../controllers/TokenBalancesController'

/**
 * The tokens the Send form offers: the network's native currency first (with the account's
 * balance), then each ERC-20 balance the blockchain API reported on that network.
 */
export function sendTokens(network: Network | undefined, nativeBalance: string | undefined, balances: readonly TokenBalance[]): SendToken[] {
  if (!network) return []
  const native: SendToken = { symbol: network.nativeCurrency.symbol, name: network.nativeCurrency.name, decimals: network.nativeCurrency.decimals, balance: nativeBalance }
  const tokens = balances.flatMap((b): SendToken[] => {
    if (!b.address || b.chainId !== network.caipNetworkId) return []
    const address = b.address.split(':')[2]
    if (!address?.startsWith('0x')) return []
    return [{ symbol: b.symbol, name: b.name, decimals: Number(b.quantity.decimals), address: address as `0x${string}`, balance: b.quantity.numeric }]
  })
  return [native, ...tokens]
}
