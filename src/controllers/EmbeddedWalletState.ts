import { proxy, type Snapshot } from 'valtio/vanilla'
import { type AuthConnector, isAuthConnector } from '../connectors/AuthConnector'
import { ConnectorController, type ConnectorState } from './ConnectorController'

export type EmbeddedWalletState = {
  /** The address a login (or an email change) is in progress for. */
  email: string | undefined
  /** The new address of an email change in progress. */
  newEmail: string | undefined
  /** The login's step once the address is sent: the six-digit code, or a new device's link first. */
  step: 'code' | 'device' | undefined
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
