import { type Hex, numberToHex } from 'viem'
import { type FrameContext, FrameError } from './FrameHandler'
import { isAccount } from './isAccount'

/**
 * `wallet_getCapabilities` (EIP-5792), honestly: on every chain this site serves, atomic batches
 * are `unsupported` (it sends one transaction per call) and it has no other capability. Asked
 * for some chains, it answers for those it serves among them.
 */
export function getCapabilities(context: FrameContext, params: readonly unknown[], account: string): Record<Hex, { atomic: { status: 'unsupported' } }> {
  const [address, chainIds] = params
  if (address !== undefined && !isAccount(address, account)) {
    throw new FrameError(`wallet_getCapabilities: ${String(address).slice(0, 80)} is not this wallet's account`, '4100')
  }
  if (chainIds !== undefined && !(Array.isArray(chainIds) && chainIds.every((id) => typeof id === 'string' && /^0x[0-9a-f]+$/i.test(id)))) {
    throw new FrameError('wallet_getCapabilities: the chain ids must be a list of hex numbers', '-32602')
  }
  const served = Object.keys(context.config.rpcUrls).map(Number)
  const wanted = chainIds === undefined ? served : served.filter((chain) => (chainIds as string[]).some((id) => Number(BigInt(id)) === chain))
  return Object.fromEntries(wanted.map((chain) => [numberToHex(chain), { atomic: { status: 'unsupported' } }]))
}
