import { SignInUnavailableError } from '../../errors/ConnectionErrors'
import { SiwxSignInError } from '../../siwx/SiwxSignInError'
import { createSiwxController } from '../SiwxController'
import { createNavigation } from './navigation'
import { currentSignInTarget as currentSignInTargetOf, messageSigner, signInPending, signInStoresOf } from './signIn'
import { createChainController } from '../ChainController'
import type { SignInStores } from './signIn'
import { type Stores, storesOf } from '../stores'

/** What the sign-in steps need of the connect flow: ending the connection and moving its network. */
export type SignInConnection = {
  disconnect: () => Promise<void>
  switchNetwork: (caipNetworkId: string) => Promise<void>
}

/**
 * The sign-in steps of the connect flow once a wallet is connected: sign in, decline, sign out,
 * and whether the modal must stay open for it. The connection is handed in (the flow's own
 * `disconnect` and `switchNetwork`); where the modal goes is `navigation`'s.
 *
 * @example
 * const steps = signInFlow({ disconnect: () => ConnectionController.disconnect(), switchNetwork: (id) => ConnectionController.switchNetwork(id) }, stores)
 * await steps.signIn()
 */
export function signInFlow(connection: SignInConnection, stores: Stores) {
  const [SiwxController, ChainController] = storesOf(stores, createSiwxController, createChainController)
  const navigation = createNavigation(stores)
  const currentSignInTarget = () => currentSignInTargetOf(signInStoresOf(stores))
  return {
    /**
     * Signs the connected account in on the active network, through the connector's own provider
     * (the same path for injected, WalletConnect and embedded wallets); then the modal closes.
     * Failures keep the view with 'Error signing message', except 'A problem occurred while trying
     * initialize authentication' (no nonce), which disconnects.
     */
    async signIn(): Promise<void> {
      const target = currentSignInTarget()
      const signMessage = target && messageSigner(ChainController.state.activeNamespace, target.address, stores)
      if (!target || !signMessage) throw new SignInUnavailableError()
      try {
        await SiwxController.signIn(target.caipAddress, signMessage)
      } catch (error) {
        if (error instanceof SiwxSignInError && error.step === 'initialize') {
          await connection.disconnect()
          // Say why the wallet went away: the modal shows Connect under the seed's text.
          navigation.signInFailed(error)
        }
        throw error
      }
      navigation.done()
    },

    /**
     * The visitor declined to sign in. When sign-in is required, the wallet goes back to the last
     * network it signed in on (if that session is still live), else it disconnects; when optional,
     * the modal just closes.
     */
    async cancelSignIn(): Promise<void> {
      const target = currentSignInTarget()
      if (!SiwxController.state.required || !target) {
        navigation.done()
        return
      }
      const back = SiwxController.lastSignedNetwork(target.caipAddress)
      if (back) {
        try {
          await connection.switchNetwork(back)
          navigation.done()
          return
        } catch {
          // The wallet refused to go back: nothing signed in is left to use.
        }
      }
      await connection.disconnect()
    },

    /** Whether the modal must stay open for sign-in (in `stores`: a view passes its snapshots). */
    isSignInPending: (of: SignInStores = signInStoresOf(stores)) => signInPending(of),

    /** Signs out: the sessions end (on the backend too); when sign-in is required, the wallet disconnects. */
    async signOut(): Promise<void> {
      await SiwxController.signOut()
      if (SiwxController.state.required) await connection.disconnect()
    },
  }
}
