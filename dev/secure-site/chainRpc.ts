import type { FrameContext } from './FrameHandler'
import { FrameError } from './FrameHandler'

/** The JSON-RPC URL of a chain this site serves; 4901 for any other. */
export function rpcUrl(context: FrameContext, chainId: number): string {
  const url = context.config.rpcUrls[chainId]
  if (!url) throw new FrameError(`This wallet does not serve chain ${chainId}`, '4901')
  return url
}

/** One JSON-RPC call to the chain; the node's error comes back as a FrameError with its code. */
export async function rpc(url: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }) })
  const body = (await response.json()) as { result?: unknown; error?: { code?: number; message?: string } }
  if (body.error) throw new FrameError(body.error.message ?? 'RPC error', body.error.code === undefined ? undefined : String(body.error.code))
  return body.result
}
