import { proxy } from 'valtio/vanilla'
import { createAccountController } from './AccountController'
import { type Stores, storeOf } from './stores'
import type { ConnectorInfo } from './ConnectorController'

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
  links?: { mobile?: string; universal?: string; desktop?: string; webapp?: string; rdns?: string }
}

/** Data a view needs from the one that opened it. */
export type RouterData = {
  wallet?: RouterWallet | undefined
  connector?: ConnectorInfo | undefined
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

const initial = (): RouterState => ({
  view: 'Connect',
  history: ['Connect'],
  transition: 'next',
  data: undefined,
  accountTab: 'Tokens',
})

/**
 * Makes a Portico's router store: which view the modal shows, and the way back.
 *
 * @example
 * RouterController.push('AllWallets')
 * RouterController.push('ConnectingExternal', { wallet: { id: 'io.metamask', name: 'MetaMask' } })
 * RouterController.goBack() // AllWallets, wallet cleared, transition 'prev'
 */
export function createRouterController(stores: Stores) {
  const AccountController = storeOf(stores, createAccountController)

  let closeHandler: (() => void) | undefined

  const RouterController = {
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
        Object.assign(RouterController.state, initial())
      } else {
        Object.assign(RouterController.state, { view, history: [view], data, transition: 'next' })
      }
    },

    /**
     * Goes one view back. With one entry left, closes the modal instead. If the previous view is
     * Connect while an address is connected, shows Account. Always clears the wallet in the data.
     */
    goBack() {
      const { state } = RouterController
      const connected = AccountController.isConnected()

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
    },

    setAccountTab(tab: AccountTab) {
      RouterController.state.accountTab = tab
    },

    /**
     * Registers what "close" means when going back from the last view (`wireModalClose`: the
     * modal closes); the router does not import the modal, so the two do not form a cycle. Returns
     * the undo, which leaves a handler registered since in place.
     */
    setCloseHandler(handler: (() => void) | undefined): () => void {
      closeHandler = handler
      return () => {
        if (closeHandler === handler) closeHandler = undefined
      }
    },
  }
  return RouterController
}

/** A Portico's router store. */
export type RouterController = ReturnType<typeof createRouterController>
