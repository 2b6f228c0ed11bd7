import { array, boolean, number, object, oneOf, optional, record, string, union } from '../shape/shape'
import { PorticoError } from '../errors/PorticoError'

/** The chain families Portico knows. */
export type Namespace = 'eip155' | 'solana' | 'bip122' | 'polkadot'

/** Every namespace, in the order the modal lists them. */
export const NAMESPACES: readonly Namespace[] = ['eip155', 'solana', 'bip122', 'polkadot']

/** A CAIP-2 id such as `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
export type CaipNetworkId = `${Namespace}:${string}`

/** A network the app supports. */
export type Network = {
  /** The chain's own id: a number for EVM chains, the genesis reference for others. */
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: Namespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  explorers?: readonly { name: string; url: string }[]
  contracts?: Record<string, { address: string; blockCreated?: number }>
  testnet?: boolean
  /** Image id or URL of the network icon. */
  assets?: { imageId?: string; imageUrl?: string }
}

const networkShape = object({
  id: union<number | string>([number(), string()]),
  caipNetworkId: string({ pattern: /^(eip155|solana|bip122|polkadot):[-_a-zA-Z0-9]{1,64}$/ }),
  chainNamespace: oneOf(NAMESPACES),
  name: string({ minLength: 1 }),
  nativeCurrency: object({ name: string(), symbol: string(), decimals: number({ nonNegativeInteger: true }) }),
  rpcUrls: object({ default: object({ http: array(string()), webSocket: optional(array(string())) }) }),
  explorers: optional(array(object({ name: string(), url: string() }))),
  contracts: optional(record(object({ address: string(), blockCreated: optional(number()) }))),
  testnet: optional(boolean()),
  assets: optional(object({ imageId: optional(string()), imageUrl: optional(string()) })),
})

/** A network object the app passed is missing a field or holds a wrong one. */
export class InvalidNetworkError extends PorticoError {
  override name = 'InvalidNetworkError'
  constructor(value: unknown, details: string) {
    const label = (value as { caipNetworkId?: unknown } | null)?.caipNetworkId
    super(`Invalid network: ${typeof label === 'string' ? label : JSON.stringify(label ?? null)}`, { details })
  }
}

/** A network id the app does not list. */
export class UnsupportedNetworkError extends PorticoError {
  override name = 'UnsupportedNetworkError'
  constructor(caipNetworkId: string) {
    super(`Network not supported: ${caipNetworkId}`)
  }
}

/** A namespace the app lists no network for (or one Portico does not know). */
export class UnsupportedNamespaceError extends PorticoError {
  override name = 'UnsupportedNamespaceError'
  constructor(namespace: string) {
    super(`Unsupported chain namespace: ${namespace}`)
  }
}

/** Whether `value` is a well-formed network (never throws). */
export function isNetwork(value: unknown): value is Network {
  const parsed = networkShape.safeParse(value)
  return parsed.success && parsed.data.caipNetworkId.startsWith(`${parsed.data.chainNamespace}:`)
}

/**
 * Throws `InvalidNetworkError` naming the first wrong field, or a namespace that disagrees with
 * the CAIP-2 id.
 *
 * @example
 * assertNetwork({ ...mainnet, chainNamespace: 'solana' }) // Invalid network: eip155:1
 */
export function assertNetwork(value: unknown): asserts value is Network {
  const parsed = networkShape.safeParse(value)
  if (!parsed.success) {
    const { path, message } = parsed.issue
    throw new InvalidNetworkError(value, `${path.join('.') || 'network'}: ${message}`)
  }
  if (!parsed.data.caipNetworkId.startsWith(`${parsed.data.chainNamespace}:`)) {
    throw new InvalidNetworkError(value, `chainNamespace ${parsed.data.chainNamespace} does not match ${parsed.data.caipNetworkId}`)
  }
}
