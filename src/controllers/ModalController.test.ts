import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAccountController } from './AccountController'
import { createChainController } from './ChainController'
import { createEventsController } from './EventsController'
import { createModalController } from './ModalController'
import { createRouterController } from './RouterController'
import { createSiwxController } from './SiwxController'
import { createStores } from './stores'
import type { SiwxBackend } from '../siwx/SiwxBackend'
import { wireModalClose } from './wireModalClose'
import { testStore, resetAllStores, running } from '../../tests/support/testStores'

const AccountController = testStore(createAccountController)
const ChainController = testStore(createChainController)
const EventsController = testStore(createEventsController)
const ModalController = testStore(createModalController)
const RouterController = testStore(createRouterController)
const SiwxController = testStore(createSiwxController)

const A1 = '0x00000000000000000000000000000000000000a1'

function connect() {
  ChainController.setNetworks([{ id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }])
  ChainController.setActiveNamespace('eip155')
  AccountController.setAccount({ namespace: 'eip155', address: A1, type: 'eoa' })
}

/** The close rule never reaches the server: a backend that fails loudly if it is asked anything. */
const unreachable: SiwxBackend = {
  getNonce: () => Promise.reject(new Error('not used')),
  verify: () => Promise.reject(new Error('not used')),
  getSessions: () => Promise.reject(new Error('not used')),
  revoke: () => Promise.reject(new Error('not used')),
}
const session = (caipAddress: string) => ({ id: caipAddress, caipAddress, message: 'm', signature: '0x1', createdAt: 0, expiresAt: null })

let unwire: () => void

beforeEach(() => {
  resetAllStores()
  // What createPortico registers (the close guard: sign-in required and missing keeps the modal open).
  unwire = wireModalClose(running)
})
afterEach(() => {
  unwire()
  vi.useRealTimers()
})

describe('ModalController', () => {
  it('open shows the modal on Connect when nothing is connected', () => {
    RouterController.push('AllWallets')
    ModalController.open()
    expect(ModalController.state.open).toBe(true)
    expect(RouterController.state.view).toBe('Connect')
    expect(RouterController.state.history).toEqual(['Connect'])
  })

  it('open shows Account when an address is connected', () => {
    connect()
    ModalController.open()
    expect(RouterController.state.view).toBe('Account')
  })

  it('open goes to the requested view with its data', () => {
    ModalController.open({ view: 'SwitchNetwork', data: { network: 'eip155:10' } })
    expect(RouterController.state.view).toBe('SwitchNetwork')
    expect(RouterController.state.data?.network).toBe('eip155:10')
  })

  it('opening never waits on the network: Connect shows at once while a loader is pending', () => {
    let started = 0
    ModalController.onOpen(() => {
      started++
      return new Promise(() => {}) // a wallet listing that never answers
    })
    ModalController.onOpen(() => Promise.reject(new Error('offline')))
    ModalController.onOpen(() => {
      throw new Error('broken listener')
    })
    const result = ModalController.open()
    expect(result).toBeUndefined() // synchronous, not a promise
    expect(ModalController.state.open).toBe(true)
    expect(RouterController.state.view).toBe('Connect')
    expect(started).toBe(1)
  })

  it('onOpen returns an unsubscribe function', () => {
    let calls = 0
    const off = ModalController.onOpen(() => void calls++)
    ModalController.open()
    off()
    ModalController.open()
    expect(calls).toBe(1)
  })

  it('preload calls the preload listeners without opening; a failing one does not stop the rest', () => {
    const calls: string[] = []
    ModalController.onPreload(() => {
      throw new Error('broken')
    })
    ModalController.onPreload(() => Promise.reject(new Error('offline')))
    const off = ModalController.onPreload(() => void calls.push('journey'))
    ModalController.preload()
    expect(calls).toEqual(['journey'])
    expect(ModalController.state.open).toBe(false)
    off()
    ModalController.preload()
    expect(calls).toEqual(['journey'])
  })

  it('close closes the modal', () => {
    ModalController.open()
    expect(ModalController.close()).toBe(true)
    expect(ModalController.state.open).toBe(false)
  })

  it('shake lasts 500 ms', () => {
    vi.useFakeTimers()
    ModalController.shake()
    expect(ModalController.state.shake).toBe(true)
    vi.advanceTimersByTime(499)
    expect(ModalController.state.shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(ModalController.state.shake).toBe(false)
  })

  it('shaking again restarts the 500 ms', () => {
    vi.useFakeTimers()
    ModalController.shake()
    vi.advanceTimersByTime(400)
    ModalController.shake()
    vi.advanceTimersByTime(499)
    expect(ModalController.state.shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(ModalController.state.shake).toBe(false)
  })

  it('close is refused, with a shake, while sign-in is required and no session exists', () => {
    vi.useFakeTimers()
    SiwxController.configure({ required: true, backend: unreachable })
    connect()
    ModalController.open()
    expect(ModalController.close()).toBe(false)
    expect(ModalController.state.open).toBe(true)
    expect(ModalController.state.shake).toBe(true)
  })

  it('close is allowed once a sign-in session exists', () => {
    SiwxController.configure({ required: true, backend: unreachable })
    connect()
    ModalController.open()
    SiwxController.state.sessions = [session(`eip155:1:${A1}`)]
    expect(ModalController.close()).toBe(true)
    expect(ModalController.state.open).toBe(false)
  })

  it('a session for another address, or another network, does not allow closing', () => {
    SiwxController.configure({ required: true, backend: unreachable })
    connect()
    ModalController.open()
    SiwxController.state.sessions = [session('eip155:1:0x00000000000000000000000000000000000000b2'), session(`eip155:10:${A1}`)]
    expect(ModalController.close()).toBe(false)
  })

  it('close is allowed when sign-in is optional', () => {
    SiwxController.configure({ required: false, backend: unreachable })
    connect()
    ModalController.open()
    expect(ModalController.close()).toBe(true)
  })

  it('close is allowed before any wallet is connected, even with sign-in required', () => {
    SiwxController.configure({ required: true, backend: unreachable })
    ModalController.open()
    expect(ModalController.close()).toBe(true)
  })

  it('open tells analytics that the user opened the modal', () => {
    expect(EventsController.state.modalOpened).toBe(false)
    ModalController.open()
    expect(EventsController.state.modalOpened).toBe(true)
  })

  it('open can make a namespace active', () => {
    ModalController.open({ namespace: 'solana' })
    expect(ChainController.state.activeNamespace).toBe('solana')
  })
})

describe('ModalController of one Portico', () => {
  it('shares nothing with another Portico: opening, its account, its router and its close guard are its own', () => {
    const mineStores = createStores()
    const otherStores = createStores()
    const mine = mineStores.get(createModalController)
    const other = otherStores.get(createModalController)
    mineStores.get(createAccountController).setAccount({ namespace: 'eip155', address: A1, type: 'eoa' })
    mineStores.get(createChainController).setActiveNamespace('eip155')
    mine.setCloseGuard(() => true)
    const opened: string[] = []
    mine.onOpen(() => opened.push('mine'))
    mine.open()
    other.open({ view: 'Networks' })
    expect(mineStores.get(createRouterController).state.view).toBe('Account')
    expect(otherStores.get(createRouterController).state.view).toBe('Networks')
    expect(opened).toEqual(['mine'])
    expect(other.close()).toBe(true)
    expect(mine.close()).toBe(false)
    expect(mine.state.open).toBe(true)
    expect(other.state.shake).toBe(false)
  })

  it('wireModalClose(stores) wires that Portico alone: going back from its last view closes its modal, not the page\'s', () => {
    const stores = createStores()
    const stop = wireModalClose(stores)
    const mine = stores.get(createModalController)
    mine.open()
    ModalController.open()
    unwire()
    stores.get(createRouterController).goBack()
    RouterController.goBack()
    expect(mine.state.open).toBe(false)
    expect(ModalController.state.open).toBe(true)
    stop()
  })
})
