import { describe, expect, it } from 'vitest'
import { PorticoError } from '../errors/PorticoError'
import { createAccountController } from './AccountController'
import { createChainController } from './ChainController'
import { createStores, storeOf } from './stores'

const mainnet = { id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://rpc.example'] } } } as const

describe('createStores', () => {
  it('makes each store once per set, and a new set makes new ones', () => {
    const one = createStores()
    const two = createStores()
    expect(one.get(createChainController)).toBe(one.get(createChainController))
    expect(two.get(createChainController)).not.toBe(one.get(createChainController))
  })

  it('keeps two sets apart: an account in one is not in the other', () => {
    const one = createStores()
    const two = createStores()
    one.get(createAccountController).setAccount({ namespace: 'eip155', address: '0xab', type: 'eoa' })
    expect(one.get(createAccountController).isConnected()).toBe(true)
    expect(two.get(createAccountController).isConnected()).toBe(false)
    // The account store set its own set's active namespace, not the other's.
    expect(one.get(createChainController).state.activeNamespace).toBe('eip155')
    expect(two.get(createChainController).state.activeNamespace).toBeUndefined()
  })

  it('reset puts every store made back to its initial state', () => {
    const stores = createStores()
    stores.get(createChainController).setNetworks([mainnet])
    stores.get(createAccountController).setAccount({ namespace: 'eip155', address: '0xab', type: 'eoa' })
    stores.reset()
    expect(stores.get(createChainController).state.networks).toEqual([])
    expect(stores.get(createAccountController).isConnected()).toBe(false)
  })

  it('one store failing to reset does not keep the others from it', () => {
    const stores = createStores()
    const failing = () => ({ reset: () => { throw new PorticoError('no') } })
    stores.get(failing)
    stores.get(createChainController).setNetworks([mainnet])
    stores.reset()
    expect(stores.get(createChainController).state.networks).toEqual([])
  })
})

describe('storeOf', () => {
  it('reads the store of its own set on each use, made on first use', () => {
    const stores = createStores()
    let made = 0
    const counter = () => { made += 1; return { value: 1 } }
    const ref = storeOf(stores, counter)
    expect(made).toBe(0)
    expect(ref.value).toBe(1)
    ref.value = 2
    expect(stores.get(counter).value).toBe(2)
    expect('value' in ref).toBe(true)
    expect(Object.keys(ref)).toEqual(['value'])
    expect(made).toBe(1)
  })

  it('a property defined on the name (a spy) is defined on the store, and deleted from it', () => {
    const stores = createStores()
    const make = () => ({ greet: () => 'hello' } as { greet: () => string; extra?: number })
    const ref = storeOf(stores, make)
    Object.defineProperty(ref, 'greet', { value: () => 'spied', configurable: true, writable: true })
    expect(stores.get(make).greet()).toBe('spied')
    ref.extra = 1
    delete ref.extra
    expect('extra' in stores.get(make)).toBe(false)
  })
})
