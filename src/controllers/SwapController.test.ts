import { describe, expect, it } from 'vitest'
import { createAccountController } from './AccountController'
import { createChainController } from './ChainController'
import { createStores } from './stores'
import { createSwapController } from './SwapController'

const mainnet = { id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://rpc.example'] } } } as const

describe('createSwapController', () => {
  it('reads the account of its own Portico: connected in one set, not in the other', async () => {
    const one = createStores()
    const two = createStores()
    for (const stores of [one, two]) stores.get(createChainController).setNetworks([mainnet])
    one.get(createAccountController).setAccount({ namespace: 'eip155', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' })
    await one.get(createSwapController).start()
    await two.get(createSwapController).start()
    // The connected set goes on to the swap clients (none set up here); the other stops at the account.
    expect(one.get(createSwapController).state.problem).toBe('not-set-up')
    expect(two.get(createSwapController).state.problem).toBe('not-connected')
  })

  it('resetting one set leaves the other set\'s swap as it was', () => {
    const one = createStores()
    const two = createStores()
    one.get(createSwapController).setAmount('1')
    two.get(createSwapController).setAmount('2')
    one.reset()
    expect(one.get(createSwapController).state.amount).toBe('')
    expect(two.get(createSwapController).state.amount).toBe('2')
  })
})
