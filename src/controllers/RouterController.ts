import { proxy, snapshot } from 'valtio/vanilla'
import { AccountController } from './AccountController'
import { NAMESPACES } from './Network'
import { type Connector, ConnectorController } from './ConnectorController'
import { OptionsController } from './OptionsController'

/** Every view of the modal, one `ui/views/<name>View.tsx` each. */
export const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingExternal',
  'ConnectingFarcaster',
  'ConnectingSocial',
  'ConnectWallets',
  'ConnectSocials',
  'EmailLogin',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmailWallet',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
  'ProfileWallets',
  'AccountSettings',
  'SIWXSignMessage',
  'ApproveTransaction',
  'SwitchNetwork',
  'SwitchActiveChain',
  'Networks',
  'UnsupportedChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Swap',
  'SwapSelectToken',
  'SwapPreview',
  'WalletSend',
  'WalletSendSelectToken',
  'WalletSendPreview',
  'WalletReceive',
  'WalletCompatibleNetworks',
  'OnRampProviders',
  'OnRampActivity',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'BuyInProgress',
  'Transactions',
  'WhatIsAWallet',
  'WhatIsANetwork',
  'GetWallet',
  'Downloads',
] as const

export type View = (typeof VIEWS)[number]

/** Tabs of the Account view. */
export const ACCOUNT_TABS = ['Tokens', 'NFTs', 'Activity'] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]

/** Direction of the last move, for the view animation. */
export type Transition = 'next' | 'prev'

/** A wallet picked from a list (a listing entry or a connector), carried to the Connecting views. */
export type RouterWallet = {
  id: string
  name: string
  imageUrl?: string
  imageId?: string
  /** Deep links and store pages, when the wallet listing has them. */
  links?: { mobile?: string; desktop?: string; webapp?: string; rdns?: string }
}

/** Data a view needs from the one that opened it. */
export type RouterData = {
  wallet?: RouterWallet | undefined
  connector?: Connector | undefined
  /** A CAIP-2 network id (SwitchNetwork, UnsupportedChain). */
  network?: string | undefined
  email?: string | undefined
  newEmail?: string | undefined
  /** The social provider of ConnectingSocial. */
  social?: string | undefined
  /** Where the modal goes after a flow that interrupted another (e.g. SIWX after connect). */
  redirect?: View | undefined
}

export type RouterState = {
  view: View
  history: View[]
  transition: Transition
  data: RouterData | undefined
  accountTab: AccountTab
}

/** How long after leaving ConnectingFarcaster the auth connector is reloaded and re-synced. */
export const FARCASTER_RELOAD_DELAY_MS = 100

const initial = (): RouterState => ({
  view: 'Connect',
  history: ['Connect'],
  transition: 'next',
  data: undefined,
  accountTab: 'Tokens',
})

let closeHandler: (() => void) | undefined

/**
 * Which view the modal shows, and the way back.
 *
 * @example
 * RouterController.push('AllWallets')
 * RouterController.push('ConnectingExternal', { wallet: { id: 'io.metamask', name: 'MetaMask' } })
 * RouterController.goBack() // AllWallets, wallet cleared, transition 'prev'
 */
export const RouterController = {
  state: proxy<RouterState>(initial()),

  /** Shows `view` on top of the history; does nothing if it is already on top. */
  push(view: View, data?: RouterData) {
    const { state } = RouterController
    if (state.view === view) return
    state.history.push(view)
    Object.assign(state, { view, data, transition: 'next' })
  },

  /** Swaps the top of the history for `view`. */
  replace(view: View, data?: RouterData) {
    const { state } = RouterController
    state.history.splice(-1, 1, view)
    Object.assign(state, { view, data, transition: 'next' })
  },

  /**
   * Starts a new history holding only `view`. Without arguments, restores the initial state
   * (Connect, Tokens tab), which is what tests use.
   */
  reset(view?: View, data?: RouterData) {
    if (view === undefined) {
      // A reload already scheduled still runs; a new one may be scheduled from now on.
      authReloadTimer = undefined
      Object.assign(RouterController.state, initial())
    } else {
      Object.assign(RouterController.state, { view, history: [view], data, transition: 'next' })
    }
  },

  /**
   * Goes one view back. With one entry left, closes the modal instead. If the previous view is
   * Connect while an address is connected, shows Account. Always clears the wallet in the data.
   * Leaving ConnectingFarcaster unconnected clears the Farcaster link, reloads the auth
   * connector and re-syncs the app metadata, 100 ms later.
   */
  goBack() {
    const { state } = RouterController
    const connected = AccountController.isConnected()
    const leaving = state.view

    if (state.history.length > 1) {
      state.history.pop()
      let previous = state.history[state.history.length - 1] as View
      if (previous === 'Connect' && connected) {
        previous = 'Account'
        state.history.splice(-1, 1, previous)
      }
      state.view = previous
      state.transition = 'prev'
    } else {
      closeHandler?.()
    }
    if (state.data?.wallet) state.data.wallet = undefined
    if (leaving === 'ConnectingFarcaster' && !connected) scheduleAuthReload()
  },

  /**
   * Called by ModalController when the modal closes: closing on ConnectingFarcaster without a
   * connection abandons that login just like going back does.
   */
  handleModalClosed() {
    if (RouterController.state.view === 'ConnectingFarcaster' && !AccountController.isConnected()) scheduleAuthReload()
  },

  setAccountTab(tab: AccountTab) {
    RouterController.state.accountTab = tab
  },

  /**
   * Registers what "close" means when going back from the last view. ModalController does this
   * itself; the router does not import it, so the two do not form a cycle.
   */
  setCloseHandler(handler: (() => void) | undefined) {
    closeHandler = handler
  },
}

let authReloadTimer: ReturnType<typeof setTimeout> | undefined

/** Schedules one reload of the auth connector, 100 ms from now (a second request joins the first). */
function scheduleAuthReload() {
  if (authReloadTimer !== undefined) return
  authReloadTimer = setTimeout(reloadAuthConnector, FARCASTER_RELOAD_DELAY_MS)
}

function reloadAuthConnector() {
  authReloadTimer = undefined
  for (const namespace of NAMESPACES) {
    if (AccountController.get(namespace)?.farcasterUrl) AccountController.setFarcasterUrl(namespace, undefined)
  }
  const provider = ConnectorController.getAuthConnector()?.provider
  if (!provider) return
  provider.reload()
  const options = snapshot(OptionsController.state)
  provider.syncDappData({
    projectId: options.projectId,
    sdkType: options.sdkType,
    sdkVersion: options.sdkVersion,
    metadata: options.metadata,
  })
}
