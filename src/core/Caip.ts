import { BaseError } from './BaseError'
import { show } from './show'
import { evm } from './wasmEvm'

/** A CAIP-2 chain id, e.g. `eip155:1`. */
export type NetworkId = { namespace: string; reference: string }
/** A CAIP-10 account id, e.g. `eip155:1:0xab…`. */
export type AccountId = NetworkId & { address: string }

/** The namespaces a CAIP-10 account id may use. */
export const KNOWN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const

/**
 * Splits a CAIP-2 network id: exactly two non-empty parts.
 *
 * @example
 * Caip.parseNetworkId('eip155:1') // { namespace: 'eip155', reference: '1' }
 * Caip.parseNetworkId('eip155')   // throws: Invalid CAIP-2 network id: eip155
 */
export function parseNetworkId(value: string): NetworkId {
  if (typeof value !== 'string') throw new InvalidNetworkIdError(value)
  let colon: number
  try {
    colon = byteToIndex(value, evm.exports().caip_network_id(value))
  } catch {
    throw new InvalidNetworkIdError(value)
  }
  return { namespace: value.slice(0, colon), reference: value.slice(colon + 1) }
}

/**
 * Splits a CAIP-10 account id: exactly three non-empty parts and a known namespace.
 *
 * @example
 * Caip.parseAccountId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')
 * // { namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', address: '7S3P…' }
 */
export function parseAccountId(value: string): AccountId {
  if (typeof value !== 'string') throw new InvalidAccountIdError(value)
  let colons: Uint32Array
  try {
    colons = evm.exports().caip_account_id(value)
  } catch {
    throw new InvalidAccountIdError(value)
  }
  const first = byteToIndex(value, colons[0]!)
  const second = byteToIndex(value, colons[1]!)
  return { namespace: value.slice(0, first), reference: value.slice(first + 1, second), address: value.slice(second + 1) }
}

/** Whether `value` is a valid CAIP-2 network id. Never throws. */
export function isNetworkId(value: unknown): value is string {
  return accepts(parseNetworkId, value)
}

/** Whether `value` is a valid CAIP-10 account id. Never throws. */
export function isAccountId(value: unknown): value is string {
  return accepts(parseAccountId, value)
}

/** Whether `parse` takes `value` without throwing. */
function accepts(parse: (value: string) => unknown, value: unknown): boolean {
  try {
    parse(value as string)
    return true
  } catch {
    return false
  }
}

/** WASM reports UTF-8 byte offsets; JS slices by UTF-16 index. Equal for ASCII. */
function byteToIndex(value: string, byteOffset: number): number {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(value)) return byteOffset
  return new TextDecoder().decode(new TextEncoder().encode(value).subarray(0, byteOffset)).length
}

export class InvalidNetworkIdError extends BaseError {
  override name = 'Caip.InvalidNetworkIdError'
  constructor(value: unknown) {
    super(`Invalid CAIP-2 network id: ${show(value)}`)
  }
}

export class InvalidAccountIdError extends BaseError {
  override name = 'Caip.InvalidAccountIdError'
  constructor(value: unknown) {
    super(`Invalid CAIP-10 address: ${show(value)}`)
  }
}
