import type { TestProject } from 'vitest/node'
import { start as startBackend } from '../../dev/backend/start'
import { start as startChains, type RunningChain } from '../../dev/chain/start'

/** The local stack of the Account-feature journeys (buy, names, activity, receive, remote features, wallets). */
export type FeaturesStack = {
  /** Chains 31337 and 31338, seeded with the dev tokens and three months of history. */
  chains: RunningChain[]
  backendUrl: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    featuresStack: FeaturesStack
  }
}

/**
 * Vitest global setup of the browser project: seeded chains and a reference backend of their own
 * for `tests/browser/features*` (`inject('featuresStack')`). On-ramp payouts and new names change
 * balances and lookups, so they stay off the journey stack whose tests count exact balances.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chains = await startChains({ seed: true })
  try {
    const backend = await startBackend({ chains: chains.chains })
    project.provide('featuresStack', { chains: chains.chains, backendUrl: backend.url })
    return async () => {
      await backend.stop()
      await chains.stop()
    }
  } catch (error) {
    await chains.stop()
    throw error
  }
}
