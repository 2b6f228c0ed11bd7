import type { CaipNetworkId } from '../../networks/Network'
import { AlertController } from '../AlertController'
import { ChainController } from '../ChainController'
import { ModalController } from '../ModalController'
import { RouterController } from '../RouterController'
import { SiwxController } from '../SiwxController'
import { currentSignInTarget } from './signIn'

/**
 * Where the modal goes after each outcome of the connect flow: the one module of the flow that
 * moves the router or the modal. The rest of the flow says what happened; this says what is shown.
 *
 * @example
 * navigation.afterConnect('eip155:1') // UnsupportedChain, SIWXSignMessage, or the modal closes
 */
export const navigation = {
  /**
   * A wallet connected from the modal: an unsupported network first, then sign-in when the app
   * requires it, else the modal closes. A connect made while the modal is closed (a restore, the
   * app's own call) changes nothing on screen.
   */
  afterConnect(chainId: CaipNetworkId): void {
    if (!ModalController.state.open) return
    if (!ChainController.isSupported(chainId)) return RouterController.reset('UnsupportedChain', { network: chainId })
    const target = currentSignInTarget()
    if (target && SiwxController.needsSignIn(target.caipAddress)) return RouterController.reset('SIWXSignMessage')
    ModalController.close()
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
    const target = currentSignInTarget()
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

  /** Done: signed in, or sign-in declined where it is optional. */
  done(): void {
    ModalController.close()
  },
}
