import type { FrameContext } from '../FrameHandler'
import type { SecureSiteConfig } from '../secureSiteConfig'

/** The eip155 account types the embedded wallet has (the seed's names). */
export const ACCOUNT_TYPES = ['smartAccount', 'eoa'] as const
export type EmbeddedAccountType = (typeof ACCOUNT_TYPES)[number]

/** Where the visitor's preferred account type for one app origin is kept, in this origin's storage. */
export const accountTypeKey = (appOrigin: string) => `portico-secure/account-type@${appOrigin}`

/** The chains where smart accounts are enabled: those this site serves that have a bundler. */
export function smartAccountChains(config: SecureSiteConfig): number[] {
  const bundlers = config.smartAccounts?.bundlerUrls ?? {}
  return Object.keys(config.rpcUrls).map(Number).filter((chain) => typeof bundlers[chain] === 'string')
}

export const smartAccountsEnabled = (config: SecureSiteConfig, chainId: number | undefined) =>
  chainId !== undefined && smartAccountChains(config).includes(chainId)

/** The type the visitor chose for this app origin (the smart account unless they chose the EOA). */
export function preferredAccountType(appOrigin: string): EmbeddedAccountType {
  return localStorage.getItem(accountTypeKey(appOrigin)) === 'eoa' ? 'eoa' : 'smartAccount'
}

export function storePreferredAccountType(appOrigin: string, type: EmbeddedAccountType): void {
  localStorage.setItem(accountTypeKey(appOrigin), type)
}

/**
 * The account type that serves `chainId`: the preferred one where smart accounts are enabled,
 * the EOA everywhere else.
 */
export function activeAccountType(context: Pick<FrameContext, 'config' | 'appOrigin'>, chainId: number | undefined): EmbeddedAccountType {
  return smartAccountsEnabled(context.config, chainId) ? preferredAccountType(context.appOrigin) : 'eoa'
}
