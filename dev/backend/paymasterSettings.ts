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

const isAddress = (value: string): value is Address => /^0x[0-9a-fA-F]{40}$/.test(value)

/**
 * The paymaster service's settings from the environment, or undefined when
 * `PAYMASTER_SIGNER_KEY` is unset (the service then refuses every request). Throws an error
 * naming the variable for any value it cannot use.
 *
 * - `PAYMASTER_SIGNER_KEY`: the VerifyingPaymaster's signer key (0x + 64 hex digits)
 * - `PAYMASTER_CONTRACTS`: `chainId=0xPaymaster` pairs, comma-separated: the chains sponsored
 * - `PAYMASTER_ENTRY_POINT`, `PAYMASTER_ACCOUNT_FACTORY`: the EntryPoint v0.7 and the account factory
 * - `PAYMASTER_TARGETS`: contracts sponsored calls may call, comma-separated, or `any` (default: none, transfers only)
 * - `PAYMASTER_SPONSOR_TRANSFERS`: `0` to stop sponsoring plain transfers (default `1`)
 * - `PAYMASTER_DAILY_CAP`: sponsored operations per account per chain per UTC day (default 10)
 *
 * @example
 * readPaymasterConfig({ PAYMASTER_SIGNER_KEY: key, PAYMASTER_CONTRACTS: '31337=0x…', PAYMASTER_ENTRY_POINT: ep, PAYMASTER_ACCOUNT_FACTORY: f })
 */
export function readPaymasterConfig(env: NodeJS.ProcessEnv): PaymasterSettings | undefined {
  const signerKey = env.PAYMASTER_SIGNER_KEY
  if (!signerKey) return undefined
  if (!/^0x[0-9a-fA-F]{64}$/.test(signerKey)) throw new Error('PAYMASTER_SIGNER_KEY: must be a private key, 0x and 64 hex digits')
  const address = (key: string) => {
    const value = env[key]?.trim()
    if (!value || !isAddress(value)) throw new Error(`${key}: must be a 0x address (needed with PAYMASTER_SIGNER_KEY)`)
    return value
  }
  const pairs = env.PAYMASTER_CONTRACTS?.split(',').map((pair) => pair.trim()).filter(Boolean) ?? []
  if (!pairs.length) throw new Error('PAYMASTER_CONTRACTS: list chainId=0xPaymaster pairs (needed with PAYMASTER_SIGNER_KEY)')
  const paymasters = Object.fromEntries(pairs.map((pair) => {
    const match = /^([0-9]{1,15})=(0x[0-9a-fA-F]{40})$/.exec(pair)
    if (!match) throw new Error(`PAYMASTER_CONTRACTS: '${pair}' is not chainId=0xPaymaster`)
    return [Number(match[1]), match[2] as Address]
  }))
  const targetList = env.PAYMASTER_TARGETS?.split(',').map((target) => target.trim()).filter(Boolean) ?? []
  for (const target of targetList) {
    if (target !== 'any' && !isAddress(target)) throw new Error(`PAYMASTER_TARGETS: '${target}' is not a 0x address (or use any)`)
  }
  const transfers = env.PAYMASTER_SPONSOR_TRANSFERS ?? '1'
  if (transfers !== '0' && transfers !== '1') throw new Error(`PAYMASTER_SPONSOR_TRANSFERS: must be 0 or 1, got '${transfers}'`)
  const cap = env.PAYMASTER_DAILY_CAP ?? '10'
  if (!/^[0-9]{1,9}$/.test(cap)) throw new Error(`PAYMASTER_DAILY_CAP: must be a whole number, got '${cap}'`)
  return {
    signerKey: signerKey as Hex,
    entryPoint: address('PAYMASTER_ENTRY_POINT'),
    accountFactory: address('PAYMASTER_ACCOUNT_FACTORY'),
    paymasters,
    targets: targetList.includes('any') ? 'any' : (targetList as Address[]),
    sponsorTransfers: transfers === '1',
    dailyCapPerAccount: Number(cap),
    validForSeconds: 600,
  }
}
