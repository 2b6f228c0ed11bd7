import { createHardhatRuntimeEnvironment } from 'hardhat/hre'
import type { Address } from 'viem'
import { DEV_ACCOUNTS, DEV_CHAINS, DEV_TOKENS, type DevChainSpec, type DevToken } from './devChains'
import { deploySmartAccountContracts } from './devSmartAccounts'
import { seedChain } from './seedChain'

/** A running dev chain. */
export type RunningChain = DevChainSpec & { rpcUrl: string }

/** What `start()` of the dev chains returns. */
export type DevChainStack = {
  /** JSON-RPC URL of the first chain. */
  url: string
  chains: RunningChain[]
  /** Chain id → JSON-RPC URL. */
  rpcUrls: Record<number, string>
  accounts: readonly Address[]
  /** Tokens deployed on every chain (empty when started with `seed: false`). */
  tokens: readonly DevToken[]
  stop(): Promise<void>
}

export type StartChainOptions = {
  /** Chains to start; default 31337 and 31338. */
  chains?: readonly DevChainSpec[]
  /** Deploy tokens and make the seeded transfers (default true). */
  seed?: boolean
  /** Deploy the ERC-4337 EntryPoint, account factory and funded paymaster (default: as `seed`). */
  smartAccounts?: boolean
  host?: string
  /** Ports per chain, in order; default 0 (a free port). */
  ports?: readonly number[]
}

/**
 * Starts in-process Hardhat EDR chains, each behind its own JSON-RPC server (HTTP and WebSocket)
 * on a free loopback port, with the ten funded dev accounts and, unless `seed: false`, the
 * seeded tokens and history of `seedChain`, and the ERC-4337 contracts of `devSmartAccounts`.
 *
 * @example
 * const chain = await start()
 * chain.rpcUrls[31337] // 'http://127.0.0.1:41234'
 * await chain.stop()
 */
export async function start(options: StartChainOptions = {}): Promise<DevChainStack> {
  const specs = options.chains ?? DEV_CHAINS
  const host = options.host ?? '127.0.0.1'
  const seed = options.seed ?? true
  const smartAccounts = options.smartAccounts ?? seed
  const hre = await createHardhatRuntimeEnvironment({
    networks: Object.fromEntries(
      specs.map((spec) => [
        `chain${spec.id}`,
        { type: 'edr-simulated', chainId: spec.id, ...(seed ? { initialDate: new Date(Date.now() - 101 * 86_400_000) } : {}) },
      ]),
    ),
  })
  const servers = await Promise.all(specs.map((spec, index) => hre.network.createServer(`chain${spec.id}`, host, options.ports?.[index] ?? 0)))
  const stop = async () => {
    await Promise.allSettled(servers.map((server) => server.close()))
  }
  try {
    const addresses = await Promise.all(servers.map((server) => server.listen()))
    const chains = specs.map((spec, index) => ({ ...spec, rpcUrl: `http://${host}:${addresses[index]!.port}` }))
    await Promise.all(chains.map(async (chain) => {
      if (seed) await seedChain(chain.rpcUrl, chain.id)
      if (smartAccounts) await deploySmartAccountContracts(chain.rpcUrl)
    }))
    return {
      url: chains[0]!.rpcUrl,
      chains,
      rpcUrls: Object.fromEntries(chains.map((chain) => [chain.id, chain.rpcUrl])),
      accounts: DEV_ACCOUNTS,
      tokens: seed ? DEV_TOKENS : [],
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
