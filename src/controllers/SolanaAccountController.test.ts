import { describe, expect, it } from 'vitest'
import type { Network } from '../networks/Network'
import { createSolanaAccountController, type SolanaReadClient } from './SolanaAccountController'
import { createStores } from './stores'

const devnet: Network = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', chainNamespace: 'solana', name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}
const owner = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

/** A node that holds one token account and no signatures for the address. */
const node: SolanaReadClient = {
  getBalance: async () => 0n,
  getTokens: async () => [{ account: 'acc', mint: 'mint', amount: 5n, decimals: 6 }],
  getActivity: async () => [],
}

describe('createSolanaAccountController', () => {
  it('gives each Portico its own node client: the set without one says Solana is not set up', async () => {
    const one = createStores()
    const two = createStores()
    one.get(createSolanaAccountController).setClient(node)
    await one.get(createSolanaAccountController).fetch(owner, devnet)
    await two.get(createSolanaAccountController).fetch(owner, devnet)
    expect(one.get(createSolanaAccountController).state).toMatchObject({ tokens: [{ mint: 'mint', amount: 5n }], activity: [], error: undefined })
    expect(two.get(createSolanaAccountController).state).toMatchObject({ tokens: undefined, error: 'Solana is not set up for this app.' })
  })
})
