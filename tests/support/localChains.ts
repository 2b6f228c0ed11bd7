import { createHardhatRuntimeEnvironment } from 'hardhat/hre'

/** A local chain as tests and the dev wallet need it. */
export type LocalChain = { id: number; name: string; rpcUrl: string }

/**
 * Starts two in-process Hardhat EDR chains (31337 and 31338, the usual funded dev accounts)
 * behind JSON-RPC servers on free loopback ports, for tests that need a real chain before
 * `dev/chain` is there to start one.
 *
 * @example
 * const { chains, stop } = await startLocalChains()
 */
export async function startLocalChains(): Promise<{ chains: LocalChain[]; stop(): Promise<void> }> {
  const specs = [
    { key: 'portico-local', id: 31337, name: 'Portico Local' },
    { key: 'portico-local-2', id: 31338, name: 'Portico Local 2' },
  ]
  const hre = await createHardhatRuntimeEnvironment({
    networks: Object.fromEntries(specs.map((spec) => [spec.key, { type: 'edr-simulated', chainId: spec.id }])),
  })
  const servers = await Promise.all(specs.map((spec) => hre.network.createServer(spec.key, '127.0.0.1', 0)))
  const addresses = await Promise.all(servers.map((server) => server.listen()))
  return {
    chains: specs.map((spec, index) => ({ id: spec.id, name: spec.name, rpcUrl: `http://127.0.0.1:${addresses[index]!.port}` })),
    stop: async () => {
      await Promise.all(servers.map((server) => server.close()))
    },
  }
}
