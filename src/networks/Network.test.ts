import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { variantsOf } from '../../tests/support/variantsOf'
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

  it('keeps the rules and the named field it had under zod, for every one-field change of a network', () => {
    // The schema the first-load check replaced (zod is no longer in the first load), as the reference.
    const zodNetwork = z.object({
      id: z.union([z.number(), z.string()]),
      caipNetworkId: z.string().check(z.regex(/^(eip155|solana|bip122|polkadot):[-_a-zA-Z0-9]{1,64}$/)),
      chainNamespace: z.enum(['eip155', 'solana', 'bip122', 'polkadot']),
      name: z.string().check(z.minLength(1)),
      nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().check(z.int(), z.gte(0)) }),
      rpcUrls: z.object({ default: z.object({ http: z.array(z.string()), webSocket: z.optional(z.array(z.string())) }) }),
      explorers: z.optional(z.array(z.object({ name: z.string(), url: z.string() }))),
      contracts: z.optional(z.record(z.string(), z.object({ address: z.string(), blockCreated: z.optional(z.number()) }))),
      testnet: z.optional(z.boolean()),
      assets: z.optional(z.object({ imageId: z.optional(z.string()), imageUrl: z.optional(z.string()) })),
    })
    let rejected = 0
    for (const value of variantsOf({ ...mainnet, rpcUrls: { default: { http: ['http://127.0.0.1:8545'], webSocket: ['ws://127.0.0.1:8546'] } } })) {
      const parsed = zodNetwork.safeParse(value)
      if (parsed.success) continue
      rejected++
      const issue = parsed.error.issues[0]!
      expect(isNetwork(value)).toBe(false)
      expect(() => assertNetwork(value)).toThrow(expect.objectContaining({ name: 'InvalidNetworkError', details: `${issue.path.join('.') || 'network'}: ${issue.message}` }))
    }
    expect(rejected).toBeGreaterThan(300)
  })
})
