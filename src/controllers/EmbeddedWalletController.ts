import type { Snapshot } from 'valtio/vanilla'
import { type AuthConnector, isAuthConnector } from '../connectors/AuthConnector'
import type { AlertCode } from '../errors/AlertCatalogue'
import { loadConnectionController } from './connection/loadConnectionController'
import { ConnectorController, type ConnectorState } from './ConnectorController'
import { connectedAuthConnector, embeddedWalletState, resetEmbeddedWallet } from './EmbeddedWalletState'
import { errorOf } from '../errors/PorticoError'
import { CONNECT_MESSAGES } from '../errors/errorMessages'
import { NotConnectedToAuthError } from '../errors/ConnectionErrors'
import { authConnector as connectedAuth, preparedAuthConnector } from './connection/authConnector'

export type { EmbeddedWalletState } from './EmbeddedWalletState'

const state = embeddedWalletState

/** The auth connector in its context (the first call adds its frame), or 'No auth connector found'. */
const authConnector = async (): Promise<AuthConnector> => (await preparedAuthConnector()).instance

/**
 * A failure the catalogue explains (the frame did not load or answer, a refused origin) also opens
 * its alert, before the failure reaches the caller. The alert store and its catalogue load with
 * such a failure (the modal's shell has them already; a headless first load does without).
 */
function withAlert<T>(run: Promise<T>): Promise<T> {
  return run.catch(async (error: unknown) => {
    const alert = (error as { alert?: AlertCode } | undefined)?.alert
    if (alert) (await import('./AlertController')).AlertController.showCode(alert)
    throw error
  })
}

/**
 * The email login and email change of the embedded wallet, as the views drive them: each step
 * asks the `auth` connector (which talks to the secure site) and records where the login stands
 * (`state.step`); it never moves the router: the modal shows each step (`navigation.followEmailSteps`),
 * a headless app reads it. Errors are thrown for the view to show in words, with a retry.
 *
 * @example
 * await EmbeddedWalletController.connectEmail('me@example.com') // state.step: 'code' (the modal shows EmailVerifyOtp)
 * await EmbeddedWalletController.verifyOtp('123456')             // → connected
 */
export const EmbeddedWalletController = {
  state,

  /**
   * Loads the secure site's frame ahead of the login (the views call it once the email field or
   * the social logins are shown and the page is idle), so that Continue waits only for the
   * backend. A failed load stays quiet here: the login tries again and reports it.
   */
  preload(): void {
    preparedAuthConnector().catch(() => undefined)
  },

  /** Starts a login: a code (or a device link) goes to `email`; `state.step` says which. */
  async connectEmail(email: string): Promise<void> {
    const connector = await withAlert(authConnector())
    Object.assign(state, { email, step: undefined })
    const action = await withAlert(connector.connectEmail(email))
    if (action === 'CONNECT') return EmbeddedWalletController.finishLogin()
    state.step = action === 'VERIFY_OTP' ? 'code' : 'device'
  },

  /** Waits until this device is approved from the link in the inbox; then its code is on the way. */
  async waitForDevice(): Promise<void> {
    await withAlert(authConnector().then((auth) => auth.connectDevice()))
    if (state.step === 'device') state.step = 'code'
  },

  /** Asks for another code for the address in progress (the backend allows one mail per 30 s). */
  async resendCode(): Promise<void> {
    const email = state.email
    if (!email) throw errorOf(CONNECT_MESSAGES, 'emailMissing')
    await withAlert(authConnector().then((auth) => auth.connectEmail(email)))
  },

  /** Sends the six-digit code; once accepted, connects the account. */
  async verifyOtp(otp: string): Promise<void> {
    await withAlert(authConnector().then((auth) => auth.connectOtp(otp)))
    await EmbeddedWalletController.finishLogin()
  },

  /** Connects the signed-in account through the connection store (which closes the modal or moves on). */
  async finishLogin(): Promise<void> {
    await withAlert((await loadConnectionController()).connect(connectedAuth().info))
  },

  /** Starts an email change: a code goes to the current address. */
  async updateEmail(newEmail: string): Promise<void> {
    const connector = await authConnector()
    if (ConnectorController.state.activeConnectorIds.eip155?.toLowerCase() !== connector.id.toLowerCase()) throw new NotConnectedToAuthError()
    // A Farcaster account has no email to change.
    if (!connector.getEmail()) throw errorOf(CONNECT_MESSAGES, 'emailMissing')
    state.step = undefined
    await withAlert(connector.updateEmail(newEmail))
    Object.assign(state, { newEmail, step: 'updatePrimary' })
  },

  async updateEmailPrimaryOtp(otp: string): Promise<void> {
    await withAlert(authConnector().then((auth) => auth.updateEmailPrimaryOtp(otp)))
    state.step = 'updateSecondary'
  },

  /** Confirms the new address; back to the account, which now shows it. */
  async updateEmailSecondaryOtp(otp: string): Promise<string> {
    const newEmail = await withAlert(authConnector().then((auth) => auth.updateEmailSecondaryOtp(otp)))
    Object.assign(state, { email: newEmail, newEmail: undefined, step: 'updated' })
    return newEmail
  },

  /** The secure site's account page of the connected embedded wallet, if its connector has one. */
  /** The secure site's account page of the auth connector (in `connectors`: a view passes its snapshot). */
  accountPageUrl(connectors: Snapshot<ConnectorState> = ConnectorController.state): string | undefined {
    const info = connectors.connectors.find((c) => c.type === 'auth')
    const connector = info && ConnectorController.getInstance(info.id)
    return isAuthConnector(connector) ? connector.accountPageUrl?.() : undefined
  },

  /** The signed-in email of the embedded wallet, if it is the EVM connection in use and the account has one (a view passes its snapshot). */
  connectedEmail(connectors: Snapshot<ConnectorState> = ConnectorController.state): string | undefined {
    return connectedAuthConnector(connectors)?.getEmail()
  },

  /** The name or handle of the social or Farcaster login in use (`@alice.dev`), if any (a view passes its snapshot). */
  connectedName(connectors: Snapshot<ConnectorState> = ConnectorController.state): string | undefined {
    return connectedAuthConnector(connectors)?.getUserName?.()
  },

  reset() {
    resetEmbeddedWallet()
  },
}
