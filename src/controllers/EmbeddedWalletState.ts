import { proxy, type Snapshot } from 'valtio/vanilla'
import { type AuthConnector, isAuthConnector } from '../connectors/AuthConnector'
import { ConnectorController, type ConnectorState } from './ConnectorController'

/**
 * Where an email login or an email change stands: `code` (six digits sent), `device` (a new
 * device: the link in the mail approves it, then a code follows), `updatePrimary` and
 * `updateSecondary` (the codes sent to the current and to the new address), `updated`.
 * The modal shows each step (`navigation.followEmailSteps`); a headless app reads it.
 */
export type EmbeddedStep = 'code' | 'device' | 'updatePrimary' | 'updateSecondary' | 'updated'

export type EmbeddedWalletState = {
  /** The address a login (or an email change) is in progress for. */
  email: string | undefined
  /** The new address of an email change in progress. */
  newEmail: string | undefined
  /** The step of the login or change in progress, none before the first. */
  step: EmbeddedStep | undefined
}

/**
 * The embedded wallet's state, apart from its login flows (`EmbeddedWalletController`, loaded on
 * first use by the headless hooks).
 */
export const embeddedWalletState = proxy<EmbeddedWalletState>({ email: undefined, newEmail: undefined, step: undefined })

/** Forgets the login in progress (`EmbeddedWalletController.reset`). */
export function resetEmbeddedWallet(): void {
  Object.assign(embeddedWalletState, { email: undefined, newEmail: undefined, step: undefined })
}

/**
 * The auth connector, when it is the eip155 connection in use (in `connectors`: a view passes its snapshot).
 *
 * @example
 * connectedAuthConnector()?.getEmail()   // 'me@example.com' once the email login is connected
 */
export function connectedAuthConnector(connectors: Snapshot<ConnectorState> = ConnectorController.state): AuthConnector | undefined {
  const info = connectors.connectors.find((c) => c.type === 'auth')
  if (!info || connectors.activeConnectorIds.eip155?.toLowerCase() !== info.id.toLowerCase()) return undefined
  const connector = ConnectorController.getInstance(info.id)
  return isAuthConnector(connector) ? connector : undefined
}
