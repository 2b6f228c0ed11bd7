import { start } from '../../dev/chain/start'

/** A local chain as tests and the dev wallet need it. */
export type LocalChain = { id: number; name: string; rpcUrl: string }

/**
 * Starts the two dev chains of `dev/chain` (31337 and 31338, funded dev accounts, not seeded)
 * on free loopback ports. The browser project's global setup does this once per run; use this
 * in a node test that needs its own chains.
 *
 * @example
 * const { chains, stop } = await startLocalChains()
 */
export async function startLocalChains(): Promise<{ chains: LocalChain[]; stop(): Promise<void> }> {
  const stack = await start({ seed: false })
  return { chains: stack.chains.map(({ id, name, rpcUrl }) => ({ id, name, rpcUrl })), stop: stack.stop }
}
