import type { TestProject } from 'vitest/node'
import { startLocalChains, type LocalChain } from './localChains'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Two local Hardhat chains started for the browser tests (see `localChains.ts`). */
    localChains: LocalChain[]
  }
}

/** Vitest global setup: starts the local chains once per run and hands their URLs to the tests (`inject('localChains')`). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { chains, stop } = await startLocalChains()
  project.provide('localChains', chains)
  return stop
}
