import { describe, expect, it } from 'vitest'
import { InvalidNetworkError, type Network, assertNetwork, isNetwork } from './Network'

const mainnet: Network = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  explorers: [{ name: 'Etherscan', url: 'https://etherscan.io' }],
  contracts: { multicall3: { address: '0xca11bde05977b3631167028862be2a173976ca11', blockCreated: 14353601 } },
  testnet: false,
  assets: { imageId: 'ethereum' },
}

describe('Network', () => {
  it('accepts a network with id, caipNetworkId, namespace, name, currency, rpcUrls, explorers, contracts, testnet, assets', () => {
    expect(isNetwork(mainnet)).toBe(true)
    expect(() => assertNetwork(mainnet)).not.toThrow()
  })

  it('names the wrong field', () => {
    const bad = { ...mainnet, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 1.5 } }
    expect(isNetwork(bad)).toBe(false)
    const error = (() => {
      try {
        assertNetwork(bad)
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(InvalidNetworkError)
    expect((error as InvalidNetworkError).shortMessage).toBe('Invalid network: eip155:1')
    expect((error as InvalidNetworkError).details).toMatch(/^nativeCurrency\.decimals: /)
  })

  it('refuses a namespace that disagrees with the CAIP-2 id', () => {
    expect(isNetwork({ ...mainnet, chainNamespace: 'solana' })).toBe(false)
    expect(() => assertNetwork({ ...mainnet, chainNamespace: 'solana' })).toThrow('chainNamespace solana does not match eip155:1')
  })

  it('refuses a malformed CAIP-2 id', () => {
    expect(isNetwork({ ...mainnet, caipNetworkId: 'eip155' })).toBe(false)
    expect(isNetwork(null)).toBe(false)
  })
})
