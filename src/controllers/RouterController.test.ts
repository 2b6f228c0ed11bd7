import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAccountController } from './AccountController'
import { createModalController } from './ModalController'
import { ACCOUNT_TABS, createRouterController, VIEWS } from './RouterController'
import { wireModalClose } from './wireModalClose'
import { testStore, resetAllStores, running } from '../../tests/support/testStores'

const AccountController = testStore(createAccountController)
const ModalController = testStore(createModalController)
const RouterController = testStore(createRouterController)

const metamask = { id: 'io.metamask', name: 'MetaMask' }

function connect() {
  AccountController.setAccount({ namespace: 'eip155', address: '0x00000000000000000000000000000000000000a1', type: 'eoa' })
}

let unwire: () => void

beforeEach(() => {
  resetAllStores()
  // What createPortico registers: going back from the last view closes the modal.
  unwire = wireModalClose(running)
})
afterEach(() => {
  unwire()
  vi.useRealTimers()
})

describe('RouterController', () => {
  it('lists the views of the spec and the Account tabs', () => {
    for (const view of ['Connect', 'Account', 'AllWallets', 'ConnectingWalletConnect', 'ConnectingWalletConnectBasic', 'ConnectingExternal', 'ConnectingFarcaster', 'EmailLogin', 'EmailVerifyOtp', 'EmailVerifyDevice', 'UpdateEmailWallet', 'UpdateEmailPrimaryOtp', 'UpdateEmailSecondaryOtp', 'ProfileWallets', 'SIWXSignMessage', 'ApproveTransaction', 'SwitchNetwork', 'SwitchActiveChain', 'RegisterAccountName', 'RegisterAccountNameSuccess', 'UnsupportedChain', 'Swap', 'WalletSend', 'WalletReceive', 'OnRampProviders', 'Networks'] as const) {
      expect(VIEWS).toContain(view)
    }
    expect(ACCOUNT_TABS).toEqual(['Tokens', 'NFTs', 'Activity'])
  })

  it('starts on Connect with a one-entry history', () => {
    expect(RouterController.state).toMatchObject({ view: 'Connect', history: ['Connect'], transition: 'next', data: undefined })
  })

  it('push adds the view with its data and a next transition', () => {
    RouterController.push('ConnectingExternal', { wallet: metamask })
    expect(RouterController.state.view).toBe('ConnectingExternal')
    expect(RouterController.state.history).toEqual(['Connect', 'ConnectingExternal'])
    expect(RouterController.state.data?.wallet).toEqual(metamask)
    expect(RouterController.state.transition).toBe('next')
  })

  it('push ignores a view already on top', () => {
    RouterController.push('AllWallets')
    RouterController.push('AllWallets', { wallet: metamask })
    expect(RouterController.state.history).toEqual(['Connect', 'AllWallets'])
    expect(RouterController.state.data).toBeUndefined()
  })

  it('reset replaces the whole history', () => {
    RouterController.push('AllWallets')
    RouterController.push('ConnectingExternal')
    RouterController.reset('Account')
    expect(RouterController.state.history).toEqual(['Account'])
    expect(RouterController.state.view).toBe('Account')
  })

  it('replace swaps the top of the history', () => {
    RouterController.push('EmailLogin', { email: 'a@b.c' })
    RouterController.replace('EmailVerifyOtp', { email: 'a@b.c' })
    expect(RouterController.state.history).toEqual(['Connect', 'EmailVerifyOtp'])
    expect(RouterController.state.view).toBe('EmailVerifyOtp')
  })

  it('goBack pops one view with a prev transition', () => {
    RouterController.push('AllWallets')
    RouterController.push('ConnectingWalletConnect')
    RouterController.goBack()
    expect(RouterController.state.view).toBe('AllWallets')
    expect(RouterController.state.history).toEqual(['Connect', 'AllWallets'])
    expect(RouterController.state.transition).toBe('prev')
  })

  it('goBack to Connect shows Account instead while an address is connected', () => {
    RouterController.push('Networks')
    connect()
    RouterController.goBack()
    expect(RouterController.state.view).toBe('Account')
    expect(RouterController.state.history).toEqual(['Account'])
  })

  it('goBack to Connect stays on Connect when nothing is connected', () => {
    RouterController.push('Networks')
    RouterController.goBack()
    expect(RouterController.state.view).toBe('Connect')
  })

  it('goBack with one entry left closes the modal', () => {
    ModalController.open()
    expect(ModalController.state.open).toBe(true)
    RouterController.goBack()
    expect(ModalController.state.open).toBe(false)
    expect(RouterController.state.history).toEqual(['Connect'])
  })

  it('importing the stores registers nothing: unwired (as after destroy()), goBack from the last view leaves the modal open', () => {
    unwire()
    ModalController.open()
    RouterController.goBack()
    expect(ModalController.state.open).toBe(true)
  })

  it("an older Portico's undo leaves a newer one's wiring in place", () => {
    const newer = wireModalClose(running)
    unwire()
    ModalController.open()
    RouterController.goBack()
    expect(ModalController.state.open).toBe(false)
    newer()
  })

  it('goBack clears the wallet held in the view data', () => {
    RouterController.push('AllWallets')
    RouterController.push('ConnectingExternal', { wallet: metamask, email: 'kept@x.y' })
    RouterController.goBack()
    expect(RouterController.state.data?.wallet).toBeUndefined()
    expect(RouterController.state.data?.email).toBe('kept@x.y')
  })

  it('keeps the Account tab until changed', () => {
    expect(RouterController.state.accountTab).toBe('Tokens')
    RouterController.setAccountTab('Activity')
    RouterController.push('Networks')
    expect(RouterController.state.accountTab).toBe('Activity')
  })
})
