import { afterEach, describe, expect, it } from 'vitest'
import { ModalController } from '../ModalController'
import { RouterController, type View } from '../RouterController'
import { navigation } from './navigation'

/** The router as a visitor's clicks leave it: `views` pushed in order, the modal open. */
function walked(...views: View[]) {
  ModalController.state.open = true
  RouterController.reset(views[0]!)
  for (const view of views.slice(1)) RouterController.push(view, view === 'SwitchNetwork' ? { network: 'eip155:2' } : undefined)
}

afterEach(() => {
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
