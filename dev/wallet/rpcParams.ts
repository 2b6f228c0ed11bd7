import { hexToString, type Hex } from 'viem'
import { ProviderRpcError } from './ProviderRpcError'

/** Reads the hexadecimal `chainId` of wallet_switchEthereumChain / wallet_addEthereumChain. */
export function parseChainId(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) {
    throw ProviderRpcError.invalidParams(`Expected a 0x-prefixed hexadecimal chainId, got ${JSON.stringify(value)}.`)
  }
  return Number.parseInt(value, 16)
}

/** Reads an optional JSON-RPC quantity (hex string or number) as a bigint. */
export function optionalBigInt(value: unknown): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return BigInt(value)
  throw ProviderRpcError.invalidParams(`Expected a quantity, got ${JSON.stringify(value)}.`)
}

/** The UTF-8 text of a hex message when it is printable, else the hex itself (for the approval panel). */
export function readable(message: Hex): string {
  try {
    const text = hexToString(message)
    return /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u.test(text) ? text : message
  } catch {
    return message
  }
}
