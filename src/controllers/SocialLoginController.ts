import { errorOf, PorticoError } from '../errors/PorticoError'
import { CONNECT_MESSAGES } from '../errors/errorMessages'
import { loadConnectionController } from './connection/loadConnectionController'
import { preparedAuthConnector } from './connection/authConnector'
import { socialLoginState } from './SocialLoginState'
import type { SocialProvider } from './OptionsController'
import { FarcasterConnectionError, SocialConnectionError, SocialPopupClosedError } from '../errors/ConnectionErrors'

/**
 * The popup a social login runs in, opened by the view in the visitor's click (a popup opened
 * later is blocked). `null` when the browser blocked it.
 */
export type SocialPopup = {
  /** Sends the popup to the provider's authorization URL. */
  navigate(url: string): void
  /**
   * Resolves with the URL the provider sent the visitor back to, as the popup's page reports
   * it from `origin`; rejects with 'Popup closed' when the popup closes first.
   */
  result(origin: string): Promise<string>
  close(): void
}

export type { SocialLoginState } from './SocialLoginState'

const liveSocial = socialLoginState

const asError = (error: unknown) => (error instanceof Error ? error : new PorticoError(String(error)))
const stringField = (answer: Record<string, unknown>, key: string): string => {
  const value = answer[key]
  if (typeof value !== 'string' || !URL.canParse(value)) throw errorOf(CONNECT_MESSAGES, 'secureSiteAnswer', { key })
  return value
}

/**
 * Social login (an OpenID provider in a popup) and Farcaster sign-in (a QR code and a link) with
 * the embedded wallet. The secure site does the protocol work (PKCE, state and nonce; the
 * Farcaster channel and its verification); this store moves the popup, keeps the Farcaster link
 * for the view, and connects the auth connector once the secure site has signed in.
 *
 * @example
 * await SocialLoginController.connectSocial('google', popup)   // 'Popup closed' if the visitor closes it
 */
export const SocialLoginController = {
  state: liveSocial,

  /**
   * Runs a social login in `popup`: the secure site gives the authorization URL, the popup goes
   * there, and the URL the provider sends the visitor back to goes to the secure site, which
   * exchanges the code and signs in. Then the auth connector connects.
   * Throws 'Popup closed' for a blocked or closed popup, 'Failed to initiate social connection'
   * for anything else.
   */
  async connectSocial(provider: Exclude<SocialProvider, 'farcaster'>, popup: SocialPopup | null): Promise<void> {
    if (!popup) throw new SocialPopupClosedError()
    try {
      const auth = await preparedAuthConnector()
      const answer = await auth.instance.requestExtension('GET_SOCIAL_REDIRECT_URI', { provider })
      const uri = stringField(answer, 'uri')
      popup.navigate(uri)
      const resultUri = await popup.result(new URL(stringField(answer, 'callbackOrigin')).origin)
      await auth.instance.requestExtension('CONNECT_SOCIAL', { uri: resultUri })
      await (await loadConnectionController()).connect(auth.info)
    } catch (error) {
      popup.close()
      if (error instanceof SocialPopupClosedError) throw error
      throw new SocialConnectionError({ cause: asError(error) })
    }
  },

  /**
   * Runs a Farcaster sign-in: the secure site opens a channel (its link is in
   * `state.farcasterUrl` for the QR code), waits for the Farcaster app and verifies the signed
   * message; then the auth connector connects. Throws 'Failed to connect to farcaster'.
   */
  async connectFarcaster(): Promise<void> {
    try {
      const auth = await preparedAuthConnector()
      const answer = await auth.instance.requestExtension('GET_FARCASTER_URI', {})
      liveSocial.farcasterUrl = stringField(answer, 'url')
      await auth.instance.requestExtension('CONNECT_FARCASTER', {})
      await (await loadConnectionController()).connect(auth.info)
    } catch (error) {
      throw new FarcasterConnectionError({ cause: asError(error) })
    } finally {
      liveSocial.farcasterUrl = undefined
    }
  },

  reset() {
    liveSocial.farcasterUrl = undefined
  },
}
