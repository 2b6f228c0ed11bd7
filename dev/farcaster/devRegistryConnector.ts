import type { CreateClientArgs } from '@farcaster/auth-client'
import { createPublicClient, http, type Address } from 'viem'

type EthereumConnector = CreateClientArgs['ethereum']

/**
 * The `ethereum` part of a Farcaster auth client, backed by the dev registry instead of the ID
 * registry contract on Optimism: `getFid(custody)` asks the dev channel server
 * (`GET /v1/registry/custody/:address`). Auth addresses are not part of the dev stack, so none is
 * valid. `rpcUrl` is a chain for viem's signature check (smart-account signatures); plain
 * signatures are recovered without it.
 *
 * @example
 * const appClient = createAppClient({ relay: farcaster.url, ethereum: devRegistryConnector(farcaster.url, chainRpcUrl) })
 */
export function devRegistryConnector(relayUrl: string, rpcUrl: string): EthereumConnector {
  return {
    getFid: async (custody: Address) => {
      const response = await fetch(`${relayUrl}/v1/registry/custody/${custody}`)
      if (response.status === 404) return 0n
      if (!response.ok) throw new Error(`The dev registry answered ${response.status}`)
      const { fid } = (await response.json()) as { fid: number }
      return BigInt(fid)
    },
    isValidAuthAddress: async () => false,
    publicClient: createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }),
  }
}
