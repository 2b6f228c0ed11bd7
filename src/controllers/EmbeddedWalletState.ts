import { proxy, type Snapshot } from 'valtio/vanilla'
import { type AuthConnector, isAuthConnector } from '../connectors/AuthConnector'
import { ConnectorController, type ConnectorState } from './ConnectorController'

/**
 * Where an email change stands: `updatePrimary` and `updateSecondary` (the codes sent to the
 * current and to the new address), `updated`. The modal shows each step
 * (`navigation.followEmailSteps`). (A login's steps are the connect flow's: `ConnectionState.login`.)
 */
export type EmbeddedStep = 'updatePrimary' | 'updateSecondary' | 'updated'

export type EmbeddedWalletState = {
  /** The new address of an email change in progress. */
  newEmail: string | undefined
  /** The step of the change in progress, none before the first. */
  step: EmbeddedStep | undefined
}

/** The embedded wallet's state, apart from its flows (`EmbeddedWalletController`). */
export const embeddedWalletState = proxy<EmbeddedWalletState>({ newEmail: undefined, step: undefined })

/** Forgets the email change in progress (`EmbeddedWalletController.reset`). */
export function resetEmbeddedWallet(): void {
  Object.assign(embeddedWalletState, { newEmail: undefined, step: undefined })
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
