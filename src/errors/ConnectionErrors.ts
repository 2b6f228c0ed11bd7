import { CONNECT_MESSAGES } from './errorMessages'
import { codeOnly, ConnectionError } from './ConnectionError'
import { codedWords } from './PorticoError'

/*
 * The connection errors that only the connection store and the login flows raise (they load with
 * them); the root, `ConnectionError`, and those a headless first load may raise are in
 * `ConnectionError.ts`.
 */
export { ConnectionError, SocialPopupClosedError, WalletConnectUnavailableError } from './ConnectionError'

/** A connection names a connector that is not registered (any more). */
export class NoConnectorError extends ConnectionError {
  override name = 'NoConnectorError'
  constructor(connectorId: string) {
    super(codedWords(CONNECT_MESSAGES, 'noConnector', { connectorId }))
  }
}

/** A connection that is neither connected, active nor a recent (disconnected) one. */
export class InvalidConnectionStatusError extends ConnectionError {
  override name = 'InvalidConnectionStatusError'
  constructor(status: string) {
    super(codedWords(CONNECT_MESSAGES, 'invalidConnectionStatus', { status }))
  }
}

/** The visitor closed the modal (or started another connect) while the wallet was still asking. */
export class ConnectionAbortedError extends codeOnly('ConnectionAbortedError', CONNECT_MESSAGES, 'modalClosed') {}

/** Signing in was asked for without a connected account, or the app configured no sign-in. */
export class SignInUnavailableError extends codeOnly('SignInUnavailableError', CONNECT_MESSAGES, 'signInUnavailable') {}

/** The modal has no email/social connector (none was registered). */
export class NoAuthConnectorError extends codeOnly('NoAuthConnectorError', CONNECT_MESSAGES, 'noAuthConnector') {}

/** An email change was asked for without an email/social connection in use. */
export class NotConnectedToAuthError extends codeOnly('NotConnectedToAuthError', CONNECT_MESSAGES, 'notConnectedToAuth') {}

/** A connector's session finished loading after the connector was closed (`destroy()`, a disconnect): the call that waited for it gets this, not a closed session. */
export class ConnectorClosedError extends codeOnly('ConnectorClosedError', CONNECT_MESSAGES, 'connectorClosed') {}

/** Any other failure of a social login: no auth connector, the frame refused, the provider said no. */
export class SocialConnectionError extends ConnectionError {
  override name = 'SocialConnectionError'
  constructor(options: { cause?: Error | undefined } = {}) {
    super(codedWords(CONNECT_MESSAGES, 'socialFailed'), options)
  }
}

/** A Farcaster sign-in that could not start, did not complete, or did not verify. */
export class FarcasterConnectionError extends ConnectionError {
  override name = 'FarcasterConnectionError'
  constructor(options: { cause?: Error | undefined } = {}) {
    super(codedWords(CONNECT_MESSAGES, 'farcasterFailed'), options)
  }
}
