import { subscribe } from 'valtio/vanilla'
import type { CaipNetworkId } from '../../networks/Network'
import { createAlertController } from '../AlertController'
import { createChainController } from '../ChainController'
import { createEmbeddedWalletState } from '../EmbeddedWalletState'
import { createModalController, type ModalController } from '../ModalController'
import { createRouterController, type RouterController } from '../RouterController'
import { createSiwxController } from '../SiwxController'
import { currentSignInTarget, signInStoresOf } from './signIn'
import { createConnectionRecords, emailLoginOf } from '../ConnectionRecords'
import { type Stores, storeOf, storesOf } from '../stores'

/**
 * Where the modal goes after each outcome of the connect flow: the one module of the flow that
 * moves the router or the modal, for the Portico of `stores`. The rest of the flow says what happened; this says what is shown.
 *
 * @example
 * const navigation = createNavigation(stores)
 * navigation.afterConnect('eip155:1') // UnsupportedChain, SIWXSignMessage, or the modal closes
 */
export function createNavigation(stores: Stores) {
  const [ModalController, RouterController, AlertController, ChainController, SiwxController, embedded] = storesOf(stores, createModalController, createRouterController, createAlertController, createChainController, createSiwxController, createEmbeddedWalletState)
  const connectionState = () => storeOf(stores, createConnectionRecords).state

  /** The email login under way, as plain values (the store's object changes in place). */
  const emailStep = () => {
    const login = emailLoginOf(connectionState().login)
    return login && { email: login.email, step: login.step }
  }

  const navigation = {
    /**
     * A wallet connected from the modal: an unsupported network first, then sign-in when the app
     * requires it, else the modal closes. A connect made while the modal is closed (a restore, the
     * app's own call) changes nothing on screen.
     */
    afterConnect(chainId: CaipNetworkId): void {
      if (!ModalController.state.open) return
      if (!ChainController.isSupported(chainId)) return RouterController.reset('UnsupportedChain', { network: chainId })
      const target = currentSignInTarget(signInStoresOf(stores))
      if (target && SiwxController.needsSignIn(target.caipAddress)) return RouterController.reset('SIWXSignMessage')
      ModalController.close()
    },

    /**
     * A network switch the visitor asked for succeeded: back to the view they chose the network
     * from (Account, Send, Swap…), or the modal closes when they came straight to the network list
     * (the network button). Out of UnsupportedChain the account is usable again, so Account shows.
     * Nothing moves when the switch already moved the modal on (sign-in on the new network).
     */
    afterNetworkSwitch(): void {
      const { history } = RouterController.state
      if (RouterController.state.view !== 'SwitchNetwork') return
      if (history.at(-2) === 'UnsupportedChain') return RouterController.reset('Account')
      const list = history.lastIndexOf('Networks')
      if (list < 1) {
        ModalController.close()
        return
      }
      for (let steps = history.length - list; steps > 0; steps--) RouterController.goBack()
    },

    /** The wallet moved, on its own, to a network the app does not support. */
    unsupportedChain(chainId: CaipNetworkId): void {
      ModalController.open({ view: 'UnsupportedChain', data: { network: chainId } })
    },

    /**
     * After a network or account change: opens SIWXSignMessage when sign-in is on and the account
     * holds no session on this network (a supported one; never over UnsupportedChain).
     */
    promptSignIn(): void {
      const target = currentSignInTarget(signInStoresOf(stores))
      if (!target || !SiwxController.needsSignIn(target.caipAddress) || SiwxController.state.restoring) return
      if (ModalController.state.open && RouterController.state.view === 'SIWXSignMessage') return
      ModalController.open({ view: 'SIWXSignMessage' })
    },

    /** Sign-in could not even start, and the wallet went: Connect, saying why. */
    signInFailed(error: { shortMessage: string; details?: string | undefined }): void {
      ModalController.open({ view: 'Connect' })
      AlertController.open({ shortMessage: error.shortMessage, longMessage: error.details ?? '' })
    },

    /** The last connection of a namespace went: back to Connect, and the modal closes. */
    afterForget(): void {
      RouterController.reset('Connect')
      ModalController.close()
    },

    /**
     * Shows each step of an email login as the connect flow reaches it (`ConnectionState.login`):
     * the code or the new device's link, then the code once the device is approved (if the visitor
     * still waits on that screen). The modal calls it while it is mounted; returns the undo.
     */
    followLoginSteps(): () => void {
      let shown = emailStep()
      return subscribe(connectionState(), () => {
        const now = emailStep()
        const from = shown
        shown = now
        if (!now || (now.step === from?.step && now.email === from.email)) return
        const { email, step } = now
        if (step === 'code' && (from?.step !== 'device' || RouterController.state.view === 'EmailVerifyDevice')) RouterController.replace('EmailVerifyOtp', { email })
        if (step === 'device') RouterController.replace('EmailVerifyDevice', { email })
      }, true) // in step with the store: the view changes before the flow's promise resolves
    },

    /**
     * Shows each step of an email change as its store reaches it (`EmbeddedWalletState.step`): the
     * code to the current address, the code to the new one, then the account with the new address.
     * The modal calls it while it is mounted; returns the undo.
     */
    followEmailSteps(): () => void {
      let shown = embedded.state.step
      return subscribe(embedded.state, () => {
        const { step, newEmail } = embedded.state
        const from = shown
        shown = step
        if (step === undefined || step === from) return
        if (step === 'updatePrimary') return RouterController.push('UpdateEmailPrimaryOtp', { email: embedded.connectedAuthConnector()?.getEmail(), newEmail })
        if (step === 'updateSecondary') return RouterController.replace('UpdateEmailSecondaryOtp', { email: RouterController.state.data?.email, newEmail })
        RouterController.reset('Account')
      }, true)
    },

    /** Done: signed in, or sign-in declined where it is optional. */
    done(): void {
      ModalController.close()
    },
  }
  return navigation
}

/** Where the modal goes, for the Portico of `stores`. */
export type Navigation = ReturnType<typeof createNavigation>
