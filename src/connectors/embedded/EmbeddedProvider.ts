import type { EIP1193Provider } from '../Connector'
import { EmbeddedWalletError } from './EmbeddedWalletError'
import type { EmbeddedFrame } from './EmbeddedFrame'
import { methodKind, unsupportedMethodMessage } from './protocol/rpcMethods'

export type EmbeddedProviderContext = {
  frame: EmbeddedFrame
  address(): string
  chainId(): number
  /** The chain's JSON-RPC URL (the app's network), for safe reads. */
  rpcUrl(chainId: number): string | undefined
}

let nextId = 1

/**
 * The embedded wallet's EIP-1193 provider: the account methods are answered here, safe reads go
 * straight to the network's RPC, EIP-5792's capabilities and batch status are asked of the frame
 * (hidden), signing and sending go to the frame, which shows itself over the page while the
 * visitor decides; every other method is refused (4200).
 *
 * @example
 * const signature = await provider.request({ method: 'personal_sign', params: [toHex('hi'), address] })
 */
export function createEmbeddedProvider(context: EmbeddedProviderContext): EIP1193Provider {
  return {
    async request({ method, params }: { method: string; params?: unknown }) {
      switch (methodKind(method)) {
        case 'account':
          return [context.address()]
        case 'wallet': {
          // Answered by the secure site without showing it: it keeps the batches it sent.
          const { result } = await context.frame.request('RPC_REQUEST', { method, chainId: context.chainId(), ...(params !== undefined && { params: params as unknown[] }) })
          return result
        }
        case 'read': {
          if (method === 'eth_chainId') return `0x${context.chainId().toString(16)}`
          if (method === 'net_version') return String(context.chainId())
          const url = context.rpcUrl(context.chainId())
          if (!url) throw new EmbeddedWalletError(`No RPC URL for chain ${context.chainId()}`, { code: 4901 })
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
          })
          const body = (await response.json()) as { result?: unknown; error?: { code?: number; message?: string } }
          if (body.error) throw new EmbeddedWalletError(body.error.message ?? 'RPC error', { ...(body.error.code !== undefined && { code: body.error.code }) })
          return body.result
        }
        case 'approval': {
          const payload = { method, chainId: context.chainId(), ...(params !== undefined && { params: params as unknown[] }) }
          context.frame.setVisible(true)
          try {
            const { result } = await context.frame.request('RPC_REQUEST', payload, { timeout: false })
            return result
          } finally {
            context.frame.setVisible(false)
          }
        }
        default:
          throw new EmbeddedWalletError(unsupportedMethodMessage(method), { code: 4200 })
      }
    },
  }
}
