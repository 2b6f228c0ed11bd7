import type { TestProject } from 'vitest/node'
import { start as startBackend } from '../../dev/backend/start'
import { start as startChains, type RunningChain } from '../../dev/chain/start'

/** The seeded local stack of the journey tests. */
export type JourneyStack = {
  /** Chains 31337 and 31338, seeded with the dev tokens and three months of history. */
  chains: RunningChain[]
  /** The reference backend (wallet listing, balances, history) over those chains. */
  backendUrl: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    journeyStack: JourneyStack
  }
}

/**
 * Vitest global setup of the browser project: a second pair of dev chains, seeded this time, and
 * the reference backend over them, for `tests/browser/journey*` (`inject('journeyStack')`). Kept
 * apart from the unseeded chains of the other browser tests, so neither disturbs the other's
 * balances and nonces. Starts in about 1.5 s.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chains = await startChains({ seed: true })
  try {
    const backend = await startBackend({ chains: chains.chains })
    project.provide('journeyStack', { chains: chains.chains, backendUrl: backend.url })
    return async () => {
      await backend.stop()
      await chains.stop()
    }
  } catch (error) {
    await chains.stop()
    throw error
  }
}
