import type { TestProject } from 'vitest/node'
import { start, type RunningChain } from '../../dev/chain/start'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dev chains (31337, 31338) started for the browser tests, unseeded: `{ id, name, rpcUrl }`. */
    localChains: RunningChain[]
  }
}

/**
 * Vitest global setup of the browser project: starts the dev chains of `dev/chain` once per run
 * (without the seeded tokens and history, which these tests do not read) and hands their URLs to
 * the tests as `inject('localChains')`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await start({ seed: false })
  project.provide('localChains', stack.chains)
  return stack.stop
}
