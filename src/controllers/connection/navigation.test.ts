import { afterEach, describe, expect, it } from 'vitest'
import { createConnectionRecords } from '../ConnectionRecords'
import { createEmbeddedWalletState } from '../EmbeddedWalletState'
import { createModalController } from '../ModalController'
import { createRouterController, type View } from '../RouterController'
import { createNavigation } from './navigation'
import { testStore } from '../../../tests/support/testStores'

const records = testStore(createConnectionRecords)
const embedded = testStore(createEmbeddedWalletState)
const navigation = testStore(createNavigation)

const ModalController = testStore(createModalController)
const RouterController = testStore(createRouterController)

/** The router as a visitor's clicks leave it: `views` pushed in order, the modal open. */
function walked(...views: View[]) {
  ModalController.state.open = true
  RouterController.reset(views[0]!)
  for (const view of views.slice(1)) RouterController.push(view, view === 'SwitchNetwork' ? { network: 'eip155:2' } : undefined)
}

afterEach(() => {
  embedded.reset()
  records.reset()
  RouterController.reset()
  ModalController.state.open = false
})

describe('navigation.afterNetworkSwitch', () => {
  it('goes back to the view the network list was opened from', () => {
    walked('Account', 'Networks', 'SwitchNetwork')
    navigation.afterNetworkSwitch()
    expect(RouterController.state).toMatchObject({ view: 'Account', history: ['Account'], transition: 'prev' })

    walked('Account', 'Swap', 'Networks', 'SwitchNetwork')
    navigation.afterNetworkSwitch()
    expect(RouterController.state).toMatchObject({ view: 'Swap', history: ['Account', 'Swap'] })
    expect(ModalController.state.open).toBe(true)
  })

  it('closes the modal when the visitor came straight to the list (the network button)', () => {
    walked('Networks', 'SwitchNetwork')
    navigation.afterNetworkSwitch()
    expect(ModalController.state.open).toBe(false)
  })

  it('shows Account after leaving an unsupported network, and moves nothing when the switch moved on already', () => {
    walked('UnsupportedChain', 'SwitchNetwork')
    navigation.afterNetworkSwitch()
    expect(RouterController.state).toMatchObject({ view: 'Account', history: ['Account'] })

    walked('Account', 'Networks', 'SwitchNetwork', 'SIWXSignMessage')
    navigation.afterNetworkSwitch()
    expect(RouterController.state.view).toBe('SIWXSignMessage')
    expect(ModalController.state.open).toBe(true)
  })
})

describe('navigation.followLoginSteps', () => {
  it('shows each step of an email login as the connect flow reaches it, at once, and nothing once stopped', () => {
    walked('Connect', 'EmailLogin')
    const stop = navigation.followLoginSteps()
    records.state.login = { method: 'email', email: 'ada@example.com', step: 'sending' }
    expect(RouterController.state.view).toBe('EmailLogin')
    records.state.login = { method: 'email', email: 'ada@example.com', step: 'device' }
    expect(RouterController.state).toMatchObject({ view: 'EmailVerifyDevice', data: { email: 'ada@example.com' }, history: ['Connect', 'EmailVerifyDevice'] })
    records.state.login.step = 'code' // the device approved while its screen is shown
    expect(RouterController.state).toMatchObject({ view: 'EmailVerifyOtp', data: { email: 'ada@example.com' }, history: ['Connect', 'EmailVerifyOtp'] })
    stop()
    records.state.login = { method: 'email', email: 'ada@example.com', step: 'device' }
    expect(RouterController.state.view).toBe('EmailVerifyOtp')
  })

  it('a device approved after the visitor left its screen moves nothing; nor do a social login or the end of a login', () => {
    walked('Connect', 'EmailLogin')
    const stop = navigation.followLoginSteps()
    records.state.login = { method: 'email', email: 'ada@example.com', step: 'device' }
    RouterController.goBack()
    records.state.login.step = 'code'
    expect(RouterController.state.view).toBe('Connect')
    records.state.login = { method: 'social', provider: 'google', step: 'popup' }
    records.state.login = undefined
    expect(RouterController.state.view).toBe('Connect')
    stop()
  })
})

describe('navigation.followEmailSteps', () => {
  it('an email change: the code to the current address, then to the new one, then the account', () => {
    walked('Account', 'UpdateEmailWallet')
    const stop = navigation.followEmailSteps()
    Object.assign(embedded.state, { newEmail: 'new@example.com', step: 'updatePrimary' })
    expect(RouterController.state).toMatchObject({ view: 'UpdateEmailPrimaryOtp', data: { newEmail: 'new@example.com' } })
    embedded.state.step = 'updateSecondary'
    expect(RouterController.state).toMatchObject({ view: 'UpdateEmailSecondaryOtp', data: { newEmail: 'new@example.com' } })
    embedded.state.step = 'updated'
    expect(RouterController.state).toMatchObject({ view: 'Account', history: ['Account'] })
    stop()
  })
})
