import { defineChain } from 'viem'
import { type FrameContext, FrameError } from '../FrameHandler'
import { rpcUrl } from '../chainRpc'
import type { SmartAccountSender } from './createSmartAccountSender'

const senders = new Map<string, Promise<SmartAccountSender>>()

/** The backend's ERC-7677 paymaster service for this site's project. */
export function paymasterUrl(context: Pick<FrameContext, 'config' | 'backend'>): string {
  const url = new URL('/v1/paymaster', context.config.backendUrl)
  url.searchParams.set('projectId', context.backend.projectId)
  return url.href
}

/**
 * The signed-in visitor's smart account on `chainId`, owned by the embedded key (which signs
 * each UserOperation after the visitor approved it, rebuilt for that one signature). The
 * smart-account code (viem's account abstraction, the Portico account) is imported on first use
 * only, so the wallet frame's first load does not carry it. One sender per account and chain.
 */
export function smartAccountOf(context: FrameContext, chainId: number): Promise<SmartAccountSender> {
  const smart = context.config.smartAccounts
  const bundlerUrl = smart?.bundlerUrls[chainId]
  if (!smart || !bundlerUrl) return Promise.reject(new FrameError(`Smart accounts are not enabled on chain ${chainId}`, '4901'))
  const owner = context.session.signer()
  const key = `${context.appOrigin} ${owner.address} ${chainId}`
  let sender = senders.get(key)
  if (!sender) {
    const url = rpcUrl(context, chainId)
    const chain = defineChain({ id: chainId, name: `Chain ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })
    sender = import('./createSmartAccountSender').then(({ createSmartAccountSender }) => createSmartAccountSender({
      owner, chain, rpcUrl: url, bundlerUrl, paymasterUrl: paymasterUrl(context),
      contracts: { entryPoint: smart.entryPoint, accountFactory: smart.accountFactory },
    }))
    sender.catch(() => senders.delete(key))
    senders.set(key, sender)
  }
  return sender
}
