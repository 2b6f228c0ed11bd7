import { beforeEach, describe, expect, it } from 'vitest'
import { createChainController, DEFAULT_CHAIN, NATIVE_DECIMALS } from './ChainController'
import { type Network, UnsupportedNetworkError } from '../networks/Network'
import { testStore } from '../../tests/support/testStores'

const ChainController = testStore(createChainController)

const net = (caipNetworkId: Network['caipNetworkId'], name: string, decimals = 18): Network => ({
  id: caipNetworkId.split(':')[1] as string,
  caipNetworkId,
  chainNamespace: caipNetworkId.split(':')[0] as Network['chainNamespace'],
  name,
  nativeCurrency: { name, symbol: name.slice(0, 3).toUpperCase(), decimals },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  explorers: [{ name: 'Explorer', url: 'https://explorer.test' }],
  testnet: false,
  assets: { imageId: name.toLowerCase() },
})

const optimism = net('eip155:10', 'Optimism')
const mainnet = net('eip155:1', 'Ethereum')
const solana = net('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', 9)

beforeEach(() => ChainController.reset())

describe('ChainController', () => {
  it('default chain is eip155:1; native decimals 18 (EVM), 9 (Solana), 8 (Bitcoin)', () => {
    expect(DEFAULT_CHAIN).toBe('eip155:1')
    expect(NATIVE_DECIMALS.eip155).toBe(18)
    expect(NATIVE_DECIMALS.solana).toBe(9)
    expect(NATIVE_DECIMALS.bip122).toBe(8)
  })

  it('makes eip155:1 active when the app lists it, even if not first', () => {
    ChainController.setNetworks([optimism, mainnet, solana])
    expect(ChainController.getActiveNetwork()?.caipNetworkId).toBe('eip155:1')
  })

  it('makes the first network active when eip155:1 is not listed', () => {
    ChainController.setNetworks([solana, optimism])
    expect(ChainController.state.activeNamespace).toBe('solana')
    expect(ChainController.getActiveNetwork()?.name).toBe('Solana')
  })

  it('keeps an active network per namespace', () => {
    ChainController.setNetworks([mainnet, optimism, solana])
    ChainController.setActiveNetwork('eip155:10')
    ChainController.setActiveNetwork(solana.caipNetworkId)
    expect(ChainController.state.activeNamespace).toBe('solana')
    expect(ChainController.getActiveNetwork('eip155')?.name).toBe('Optimism')
    ChainController.setActiveNamespace('eip155')
    expect(ChainController.getActiveNetwork()?.name).toBe('Optimism')
  })

  it('refuses a network the app does not support', () => {
    ChainController.setNetworks([mainnet])
    expect(() => ChainController.setActiveNetwork('eip155:137')).toThrow(UnsupportedNetworkError)
    expect(() => ChainController.setActiveNetwork('eip155:137')).toThrow('Network not supported: eip155:137')
    expect(ChainController.isSupported('eip155:137')).toBe(false)
    expect(ChainController.isSupported('eip155:1')).toBe(true)
  })

  it('lists the networks of one namespace', () => {
    ChainController.setNetworks([mainnet, solana, optimism])
    expect(ChainController.getNetworks('eip155').map((n) => n.name)).toEqual(['Ethereum', 'Optimism'])
  })
})

describe('ChainController across namespaces', () => {
  const devnet = net('solana:EtWTRABZaYq6iMfeYKouRu166VL2xqa1', 'Devnet', 9)

  it('keeps a network per namespace and moves between namespaces, back to the network last used there', () => {
    ChainController.setNetworks([mainnet, optimism, solana, devnet])
    ChainController.setActiveNetwork('eip155:10')
    expect(ChainController.switchActiveNamespace('solana').caipNetworkId).toBe(solana.caipNetworkId)
    ChainController.setActiveNetwork(devnet.caipNetworkId)
    expect(ChainController.switchActiveNamespace('eip155').caipNetworkId).toBe('eip155:10')
    expect(ChainController.state.activeNamespace).toBe('eip155')
    expect(ChainController.switchActiveNamespace('solana').caipNetworkId).toBe(devnet.caipNetworkId)
    expect(ChainController.state.activeNetworkIds).toEqual({ eip155: 'eip155:10', solana: devnet.caipNetworkId })
  })

  it("refuses a namespace the app lists no network for with 'Unsupported chain namespace: {ns}'", () => {
    ChainController.setNetworks([mainnet])
    expect(() => ChainController.switchActiveNamespace('solana')).toThrow('Unsupported chain namespace: solana')
    expect(() => ChainController.switchActiveNamespace('cosmos' as never)).toThrow('Unsupported chain namespace: cosmos')
    expect(ChainController.state.activeNamespace).toBe('eip155')
  })

  it('groups the networks by namespace, in the order of NAMESPACES', () => {
    ChainController.setNetworks([solana, mainnet, devnet, optimism])
    expect(ChainController.getNetworksByNamespace().map((g) => [g.namespace, g.networks.map((n) => n.name)])).toEqual([
      ['eip155', ['Ethereum', 'Optimism']],
      ['solana', ['Solana', 'Devnet']],
    ])
  })
})
