import type { Snapshot } from 'valtio/vanilla'
import { isAuthConnector } from '../connectors/AuthConnector'
import { createConnectorController, type ConnectorState } from './ConnectorController'
import { createEmbeddedWalletState } from './EmbeddedWalletState'
import { type Stores, storesOf } from './stores'
import { errorOf } from '../errors/PorticoError'
import { CONNECT_MESSAGES } from '../errors/errorMessages'
import { NotConnectedToAuthError } from '../errors/ConnectionErrors'
import { preparedAuth, preparedAuthConnector } from './connection/authConnector'
import { withAlert } from './connection/withAlert'

export type { EmbeddedWalletState } from './EmbeddedWalletState'

/**
 * Makes a Portico's embedded wallet store. The embedded wallet's account, once connected: its email change, as the views drive it (each
 * step asks the `auth` connector, which talks to the secure site, and records where the change
 * stands in `state.step`; the modal shows each step, `navigation.followEmailSteps`), and what the
 * account views show of it. Its logins are steps of the connect flow (`ConnectionController.connectEmail`,
 * `connectSocial`, `connectFarcaster`). Errors are thrown for the view to show in words, with a retry.
 *
 * @example
 * const EmbeddedWalletController = stores.get(createEmbeddedWalletController)
 * await EmbeddedWalletController.updateEmail('new@example.com')   // state.step: 'updatePrimary' (a code to the current address)
 */
export function createEmbeddedWalletController(stores: Stores) {
  const [ConnectorController, embedded] = storesOf(stores, createConnectorController, createEmbeddedWalletState)
  const state = embedded.state

  const EmbeddedWalletController = {
    state,

    /**
     * Loads the secure site's frame ahead of the login (the views call it once the email field or
     * the social logins are shown and the page is idle), so that Continue waits only for the
     * backend. A failed load stays quiet here: the login tries again and reports it.
     */
    preload(): void {
      preparedAuthConnector(stores).catch(() => undefined)
    },

    /** Starts an email change: a code goes to the current address. */
    async updateEmail(newEmail: string): Promise<void> {
      const connector = await preparedAuth(stores)
      if (ConnectorController.state.activeConnectorIds.eip155?.toLowerCase() !== connector.id.toLowerCase()) throw new NotConnectedToAuthError()
      // A Farcaster account has no email to change.
      if (!connector.getEmail()) throw errorOf(CONNECT_MESSAGES, 'emailMissing')
      state.step = undefined
      await withAlert(stores, connector.updateEmail(newEmail))
      Object.assign(state, { newEmail, step: 'updatePrimary' })
    },

    async updateEmailPrimaryOtp(otp: string): Promise<void> {
      await withAlert(stores, preparedAuth(stores).then((auth) => auth.updateEmailPrimaryOtp(otp)))
      state.step = 'updateSecondary'
    },

    /** Confirms the new address; back to the account, which now shows it. */
    async updateEmailSecondaryOtp(otp: string): Promise<string> {
      const newEmail = await withAlert(stores, preparedAuth(stores).then((auth) => auth.updateEmailSecondaryOtp(otp)))
      Object.assign(state, { newEmail: undefined, step: 'updated' })
      return newEmail
    },

    /** The secure site's account page of the auth connector (in `connectors`: a view passes its snapshot). */
    accountPageUrl(connectors: Snapshot<ConnectorState> = ConnectorController.state): string | undefined {
      const info = connectors.connectors.find((c) => c.type === 'auth')
      const connector = info && ConnectorController.getInstance(info.id)
      return isAuthConnector(connector) ? connector.accountPageUrl?.() : undefined
    },

    /** The signed-in email of the embedded wallet, if it is the EVM connection in use and the account has one (a view passes its snapshot). */
    connectedEmail(connectors: Snapshot<ConnectorState> = ConnectorController.state): string | undefined {
      return embedded.connectedAuthConnector(connectors)?.getEmail()
    },

    /** The name or handle of the social or Farcaster login in use (`@alice.dev`), if any (a view passes its snapshot). */
    connectedName(connectors: Snapshot<ConnectorState> = ConnectorController.state): string | undefined {
      return embedded.connectedAuthConnector(connectors)?.getUserName?.()
    },

    reset() {
      embedded.reset()
    },
  }
  return EmbeddedWalletController
}

/** A Portico's embedded wallet store. */
export type EmbeddedWalletController = ReturnType<typeof createEmbeddedWalletController>
