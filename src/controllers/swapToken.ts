import type { Hex } from '../core/hex'
import type { SendClient } from '../connectors/SendClient'

/** The native currency's address in the convert API. */
export const NATIVE_SWAP_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** A token the visitor can swap, with the account's balance of it (base units, read from the chain). */
export type SwapTokenOption = { symbol: string; name: string; decimals: number; address: string; logoUri: string; balance: bigint | undefined }

/** Whether two addresses are the same, whatever their case (false when either is missing). */
export const same = (a: string | undefined, b: string | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase()

/** The address part of a CAIP-10 address (`eip155:1:0x…` → `0x…`). */
export const plainAddress = (caip10: string) => caip10.split(':')[2] as Hex

/** Whether a swap token is the network's native currency. */
export const isNative = (token: SwapTokenOption) => same(plainAddress(token.address), NATIVE_SWAP_ADDRESS)

/** The chain's balance of a swap token for the account. */
export function balanceOf(wallet: SendClient, owner: string, token: SwapTokenOption): Promise<bigint> {
  const { symbol, name, decimals } = token
  return wallet.balanceOf(owner as Hex, isNative(token) ? { symbol, name, decimals } : { symbol, name, decimals, address: plainAddress(token.address) })
}
