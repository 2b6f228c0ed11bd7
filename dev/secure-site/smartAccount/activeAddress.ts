import { createPublicClient, http } from 'viem'
import type { EmbeddedUser } from '../../../src/connectors/embedded/protocol/frameSchemas'
import { rpcUrl } from '../chainRpc'
import { reachableEmail } from '../SecureSession'
import type { FrameContext } from '../FrameHandler'
import { activeAccountType, smartAccountChains } from './accountTypes'
import { smartAccountOf } from './smartAccountOf'

/**
 * The address the app is given on `chainId`: the smart account's (counterfactual until its first
 * UserOperation deploys it) when that is the active type there, else the embedded key's own.
 */
export async function activeAddress(context: FrameContext, chainId: number | undefined, eoa: string): Promise<string> {
  if (chainId === undefined || activeAccountType(context, chainId) !== 'smartAccount') return eoa
  return (await smartAccountOf(context, chainId)).address
}

/**
 * The user as the app is told: the active account's address and type on `chainId`; where this
 * site has smart accounts, the chains they are enabled on and whether the account is deployed
 * there (code at its address).
 */
export async function describeUser(context: FrameContext, user: { email: string; name?: string | undefined; address: string }, chainId: number): Promise<EmbeddedUser> {
  const enabled = smartAccountChains(context.config)
  const address = await activeAddress(context, chainId, user.address)
  // A login without an email (Farcaster) has a placeholder no mail reaches: never shown.
  const email = reachableEmail(user.email)
  const who = { ...(email ? { email } : {}), ...(user.name ? { name: user.name } : {}) }
  if (!enabled.length) return { ...who, address, chainId }
  const accountType = activeAccountType(context, chainId)
  const code = accountType === 'smartAccount' ? await createPublicClient({ transport: http(rpcUrl(context, chainId)) }).getCode({ address: address as `0x${string}` }) : undefined
  return { ...who, address, chainId, accountType, smartAccountEnabledNetworks: enabled, ...(accountType === 'smartAccount' && { smartAccountDeployed: code !== undefined && code !== '0x' }) }
}
