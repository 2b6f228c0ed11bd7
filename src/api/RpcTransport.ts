import { createPublicClient, fallback, http, type Chain, type EIP1193RequestFn, type PublicClient, type Transport } from 'viem'
import { toRpcNodeError } from './rpcErrors'
import { errorOf } from '../errors/PorticoError'
import { SETUP_MESSAGES } from '../errors/setupMessages'

export const RPC_RETRY_COUNT = 3
export const RPC_RETRY_DELAY = 150
export const RPC_TIMEOUT = 10_000
export const RPC_POLLING_INTERVAL = 4_000

/** Methods whose answers depend only on their arguments and the chain head: identical calls in flight are shared. */
const DEDUPED_METHODS = new Set([
  'eth_chainId', 'eth_blockNumber', 'eth_getBalance', 'eth_call', 'eth_getCode', 'eth_getTransactionCount',
  'eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_getTransactionReceipt', 'eth_getTransactionByHash',
  'eth_gasPrice', 'eth_maxPriorityFeePerGas', 'eth_feeHistory', 'eth_estimateGas', 'eth_getLogs', 'net_version',
])

export type RpcTransportOptions = {
  chainId: number
  projectId: string
  /** The app's own RPC URLs, tried first, in order. */
  rpcUrls?: readonly string[]
  /** Base URL of the RPC proxy (the blockchain API); tried after `rpcUrls`. */
  proxyUrl?: string
  sdkType?: string
  sdkVersion?: string
  /** Defaults: 3 retries per endpoint, 150 ms doubling, 10 s time-out. */
  retryCount?: number
  retryDelay?: number
  timeout?: number
}

/**
 * The proxy URL shape: `{rpc}/v1/?chainId=eip155:{id}&projectId={projectId}` (plus sdk type and version).
 *
 * @example
 * rpcProxyUrl('http://127.0.0.1:4000', 31337, 'demo') // 'http://127.0.0.1:4000/v1/?chainId=eip155%3A31337&projectId=demo'
 */
export function rpcProxyUrl(proxyUrl: string, chainId: number, projectId: string, sdk?: { sdkType?: string; sdkVersion?: string }): string {
  const url = new URL(`${proxyUrl.replace(/\/+$/, '')}/v1/`)
  url.searchParams.set('chainId', `eip155:${chainId}`)
  url.searchParams.set('projectId', projectId)
  if (sdk?.sdkType) url.searchParams.set('st', sdk.sdkType)
  if (sdk?.sdkVersion) url.searchParams.set('sv', sdk.sdkVersion)
  return url.toString()
}

/** The endpoints of a chain in the order they are tried. */
export function rpcEndpoints(options: RpcTransportOptions): string[] {
  const urls = [...(options.rpcUrls ?? [])]
  if (options.proxyUrl) urls.push(rpcProxyUrl(options.proxyUrl, options.chainId, options.projectId, options))
  if (urls.length === 0) throw errorOf(SETUP_MESSAGES, 'noRpcEndpoint', { chainId: options.chainId })
  return urls
}

/**
 * JSON-RPC over HTTP POST for one chain, built from viem's `http` and `fallback` transports:
 * each endpoint retries 3 times (150 ms base delay doubling; code -1, the retryable RPC codes
 * and HTTP 403/408/413/429/500/502/503/504; Retry-After honoured) with a 10 s time-out, then
 * the next endpoint is tried. Identical read requests in flight are shared (viem's dedupe cache,
 * 8192 entries), and node refusals come out as readable {@link RpcNodeError}s.
 *
 * @example
 * const transport = createRpcTransport({ chainId: 31337, projectId: 'demo', proxyUrl: backendUrl })
 * const client = createPublicClient({ transport, pollingInterval: RPC_POLLING_INTERVAL })
 */
export function createRpcTransport(options: RpcTransportOptions): Transport {
  const inner = fallback(
    rpcEndpoints(options).map((url) =>
      http(url, {
        retryCount: options.retryCount ?? RPC_RETRY_COUNT,
        retryDelay: options.retryDelay ?? RPC_RETRY_DELAY,
        timeout: options.timeout ?? RPC_TIMEOUT,
      }),
    ),
    { rank: false, retryCount: 0 },
  )
  return (params) => {
    const base = inner({ ...params, retryCount: 0 })
    const request: EIP1193RequestFn = async (args, requestOptions) => {
      try {
        return await base.request(args, { dedupe: DEDUPED_METHODS.has(args.method), ...requestOptions })
      } catch (error) {
        throw toRpcNodeError(error) ?? error
      }
    }
    // Not re-wrapped by createTransport: its request builder would bury the readable error
    // under a generic RPC error class.
    return { ...base, config: { ...base.config, key: 'portico', name: 'Portico RPC' }, request }
  }
}

/**
 * A viem public client over {@link createRpcTransport}, polling every 4 s.
 *
 * @example
 * await createRpcClient({ chainId: 31337, projectId: 'demo', rpcUrls: [chainUrl] }).getBlockNumber()
 */
export function createRpcClient(options: RpcTransportOptions & { chain?: Chain }): PublicClient {
  return createPublicClient({ chain: options.chain, transport: createRpcTransport(options), pollingInterval: RPC_POLLING_INTERVAL })
}
