import type { Address, Hex } from 'viem'
import { DEV_CONTRACTS, DEV_TOKENS } from '../chain/devChains'
import { SMART_ACCOUNT_CONTRACTS, SMART_ACCOUNT_KEYS } from '../chain/devSmartAccounts'

/** The paymaster service's sponsorship policy and key (ERC-7677, for an eth-infinitism VerifyingPaymaster). */
export type PaymasterSettings = {
  /** The key whose address is the VerifyingPaymaster's `verifyingSigner`. */
  signerKey: Hex
  /** The EntryPoint v0.7 the paymasters serve. */
  entryPoint: Address
  /** The factory of the accounts sponsored: only its accounts (deployed or counterfactual) are. */
  accountFactory: Address
  /** Chain id → the VerifyingPaymaster there. Other chains are not sponsored. */
  paymasters: Record<number, Address>
  /** The contracts a sponsored call may call, or `'any'`. */
  targets: readonly Address[] | 'any'
  /** Whether plain transfers of the native currency (calls without data) are sponsored. */
  sponsorTransfers: boolean
  /** Sponsored UserOperations per account, per chain, per UTC day. */
  dailyCapPerAccount: number
  /** How long a paymaster signature stays valid, in seconds. */
  validForSeconds: number
}

/**
 * The dev stack's policy: both dev chains' paymasters (`devSmartAccounts`), transfers and calls
 * to the dev tokens and swap pools, ten operations per account per day.
 *
 * @example
 * await start({ chains, paymaster: devPaymasterSettings([31337, 31338]) })
 */
export function devPaymasterSettings(chainIds: readonly number[], overrides: Partial<PaymasterSettings> = {}): PaymasterSettings {
  return {
    signerKey: SMART_ACCOUNT_KEYS.paymasterSigner,
    entryPoint: SMART_ACCOUNT_CONTRACTS.entryPoint,
    accountFactory: SMART_ACCOUNT_CONTRACTS.accountFactory,
    paymasters: Object.fromEntries(chainIds.map((id) => [id, SMART_ACCOUNT_CONTRACTS.paymaster])),
    targets: [...DEV_TOKENS.map((token) => token.address), DEV_CONTRACTS.swapPools],
    sponsorTransfers: true,
    dailyCapPerAccount: 10,
    validForSeconds: 600,
    ...overrides,
  }
}
