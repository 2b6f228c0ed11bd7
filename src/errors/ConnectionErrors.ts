import { PorticoError } from './PorticoError'

/** The root of the connection errors the modal itself raises (wallets' own failures are `WalletError`s). */
export class ConnectionError extends PorticoError {
  override name = 'ConnectionError'
}

/** A connection names a connector that is not registered (any more). */
export class NoConnectorError extends ConnectionError {
  override name = 'NoConnectorError'
  constructor(connectorId: string) {
    super(`No connector found for connection: ${connectorId}`)
  }
}

/** A connection that is neither connected, active nor a recent (disconnected) one. */
export class InvalidConnectionStatusError extends ConnectionError {
  override name = 'InvalidConnectionStatusError'
  constructor(status: string) {
    super(`Invalid connection status: ${status}`)
  }
}

/** The visitor closed the modal (or started another connect) while the wallet was still asking. */
export class ConnectionAbortedError extends ConnectionError {
  override name = 'ConnectionAbortedError'
  constructor() {
    super('Modal closed')
  }
}

/** No registered connector can pair over WalletConnect. */
export class WalletConnectUnavailableError extends ConnectionError {
  override name = 'WalletConnectUnavailableError'
  constructor() {
    super('WalletConnect is not set up for this app yet. Use a browser wallet instead.')
  }
}

/** Signing in was asked for without a connected account, or the app configured no sign-in. */
export class SignInUnavailableError extends ConnectionError {
  override name = 'SignInUnavailableError'
  constructor() {
    super('Sign-in is not set up for this app.')
  }
}

/** The modal has no email/social connector (none was registered). */
export class NoAuthConnectorError extends ConnectionError {
  override name = 'NoAuthConnectorError'
  constructor() {
    super('No auth connector found')
  }
}

/** An email change was asked for without an email/social connection in use. */
export class NotConnectedToAuthError extends ConnectionError {
  override name = 'NotConnectedToAuthError'
  constructor() {
    super('Not connected to email or social')
  }
}
