import type { TestProject } from 'vitest/node'
import { devPaymasterSettings } from '../../dev/backend/paymasterSettings'
import { start as startBackend } from '../../dev/backend/start'
import { start as startBundler } from '../../dev/bundler/start'
import { SMART_ACCOUNT_CONTRACTS } from '../../dev/chain/devSmartAccounts'
import { start as startChains, type RunningChain } from '../../dev/chain/start'
import { start as startMailSink } from '../../dev/mail-sink/start'
import { start as startSecureSite } from '../../dev/secure-site/start'

/** The sponsored UserOperations per account per day on this stack (small, so the over-cap journey is short). */
const SMART_ACCOUNT_DAILY_CAP = 2

/** The local stack of the smart-account journeys. */
export type SmartAccountStack = {
  /** Chains 31337 and 31338, seeded (tokens, swap pools) with the ERC-4337 contracts. */
  chains: RunningChain[]
  /** Chain id → alto, the ERC-4337 bundler of that chain. */
  bundlerUrls: Record<number, string>
  /** The reference backend with email login and the paymaster service ({@link SMART_ACCOUNT_DAILY_CAP} a day). */
  backendUrl: string
  /** The secure site with smart accounts enabled on both chains. */
  secureSiteUrl: string
  mailSinkUrl: string
  /** The ERC-4337 contracts (the same addresses on both chains). */
  contracts: { entryPoint: `0x${string}`; accountFactory: `0x${string}`; paymaster: `0x${string}` }
  /** Sponsored UserOperations per account per day ({@link SMART_ACCOUNT_DAILY_CAP}). */
  dailyCap: number
}

declare module 'vitest' {
  export interface ProvidedContext {
    smartAccountStack: SmartAccountStack
  }
}

/**
 * Starts the smart-account stack: seeded dev chains with EntryPoint v0.7, the Portico account
 * factory and the funded VerifyingPaymaster; alto on each; the backend with email login and the
 * ERC-7677 paymaster service; the mail sink; and the secure site with smart accounts on. The
 * consumer apps' tests (tests/consumers/wagmiSmartAccount.test.ts) start it too.
 */
export async function startSmartAccountStack(): Promise<SmartAccountStack & { stop(): Promise<void> }> {
  const running: { stop(): Promise<void> }[] = []
  const stop = async () => {
    for (const item of running.reverse()) await item.stop().catch(() => undefined)
  }
  try {
    const chains = await startChains({ seed: true, smartAccounts: true })
    running.push(chains)
    const [sink, bundler] = await Promise.all([startMailSink(), startBundler({ chains: chains.chains })])
    running.push(sink, bundler)
    const paymaster = devPaymasterSettings(chains.chains.map((chain) => chain.id), { dailyCapPerAccount: SMART_ACCOUNT_DAILY_CAP })
    const backend = await startBackend({ chains: chains.chains, smtpUrl: sink.smtpUrl, paymaster })
    running.push(backend)
    const smartAccounts = { entryPoint: SMART_ACCOUNT_CONTRACTS.entryPoint, accountFactory: SMART_ACCOUNT_CONTRACTS.accountFactory, bundlerUrls: bundler.urls }
    const site = await startSecureSite({ backendUrl: backend.url, rpcUrls: chains.rpcUrls, smartAccounts })
    running.push(site)
    return {
      chains: chains.chains, bundlerUrls: bundler.urls, backendUrl: backend.url, secureSiteUrl: site.url, mailSinkUrl: sink.url,
      contracts: { entryPoint: SMART_ACCOUNT_CONTRACTS.entryPoint, accountFactory: SMART_ACCOUNT_CONTRACTS.accountFactory, paymaster: SMART_ACCOUNT_CONTRACTS.paymaster },
      dailyCap: SMART_ACCOUNT_DAILY_CAP,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * Vitest global setup of the browser project for `tests/browser/smartAccount*`
 * (`inject('smartAccountStack')`): {@link startSmartAccountStack}. Kept apart from the embedded
 * stack, whose accounts stay EOAs.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { stop, ...stack } = await startSmartAccountStack()
  project.provide('smartAccountStack', stack)
  return stop
}
