import { errorOf, PorticoError } from '../../errors/PorticoError'
import { CONNECT_MESSAGES } from '../../errors/errorMessages'
import { FarcasterConnectionError, SocialConnectionError, SocialPopupClosedError } from '../../errors/ConnectionErrors'
import { createConnectionRecords, type LoginStep } from '../ConnectionRecords'
import type { SocialProvider } from '../OptionsController'
import { preparedAuthConnector } from './authConnector'
import type { LoginFlow } from './emailLogin'
import { type Stores, storeOf } from '../stores'

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

const asError = (error: unknown) => (error instanceof Error ? error : new PorticoError(String(error)))
const urlField = (answer: Record<string, unknown>, key: string): string => {
  const value = answer[key]
  if (typeof value !== 'string' || !URL.canParse(value)) throw errorOf(CONNECT_MESSAGES, 'secureSiteAnswer', { key })
  return value
}

/**
 * Social login (an OpenID provider in a popup) and Farcaster sign-in (a QR code and a link) with
 * the embedded wallet, as steps of the connect flow (`ConnectionController.state.login`). The
 * secure site does the protocol work (PKCE, state and nonce; the Farcaster channel and its
 * verification); this moves the popup, shows the Farcaster link, and connects the auth connector
 * through the flow's `connect` once the secure site has signed in. The login ends with it, unless
 * a newer login has taken over.
 *
 * @example
 * const social = socialLogin({ connect: (info) => ConnectionController.connect(info), logins: latestRun() }, stores)
 * await social.connectSocial('google', popup)   // 'Popup closed' if the visitor closes it
 */
export function socialLogin(flow: LoginFlow, stores: Stores) {
  const connectionState = storeOf(stores, createConnectionRecords).state
  /** Runs `steps` as the login `step`; the login ends when they do, unless a newer one has begun. */
  async function asLogin(step: LoginStep, steps: (isLatest: () => boolean) => Promise<void>): Promise<void> {
    const isLatest = flow.logins.start()
    connectionState.login = step
    try {
      await steps(isLatest)
    } finally {
      if (isLatest()) connectionState.login = undefined
    }
  }

  return {
    /**
     * Runs a social login in `popup`: the secure site gives the authorization URL, the popup goes
     * there, and the URL the provider sends the visitor back to goes to the secure site, which
     * exchanges the code and signs in. Then the auth connector connects.
     * Throws 'Popup closed' for a blocked or closed popup, 'Failed to initiate social connection'
     * for anything else.
     */
    async connectSocial(provider: Exclude<SocialProvider, 'farcaster'>, popup: SocialPopup | null): Promise<void> {
      if (!popup) throw new SocialPopupClosedError()
      await asLogin({ method: 'social', provider, step: 'popup' }, async () => {
        try {
          const auth = await preparedAuthConnector(stores)
          const answer = await auth.instance.requestExtension('GET_SOCIAL_REDIRECT_URI', { provider })
          popup.navigate(urlField(answer, 'uri'))
          const resultUri = await popup.result(new URL(urlField(answer, 'callbackOrigin')).origin)
          await auth.instance.requestExtension('CONNECT_SOCIAL', { uri: resultUri })
          await flow.connect(auth.info)
        } catch (error) {
          popup.close()
          if (error instanceof SocialPopupClosedError) throw error
          throw new SocialConnectionError({ cause: asError(error) })
        }
      })
    },

    /**
     * Runs a Farcaster sign-in: the secure site opens a channel (its link becomes
     * `state.login.url`, for the QR code), waits for the Farcaster app and verifies the signed
     * message; then the auth connector connects. Throws 'Failed to connect to farcaster'.
     */
    async connectFarcaster(): Promise<void> {
      await asLogin({ method: 'farcaster', step: 'link', url: undefined }, async (isLatest) => {
        try {
          const auth = await preparedAuthConnector(stores)
          const answer = await auth.instance.requestExtension('GET_FARCASTER_URI', {})
          const url = urlField(answer, 'url')
          if (isLatest()) connectionState.login = { method: 'farcaster', step: 'link', url }
          await auth.instance.requestExtension('CONNECT_FARCASTER', {})
          await flow.connect(auth.info)
        } catch (error) {
          throw new FarcasterConnectionError({ cause: asError(error) })
        }
      })
    },
  }
}
