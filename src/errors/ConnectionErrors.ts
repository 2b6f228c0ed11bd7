import { BaseError } from '../core/BaseError'
import { type ErrorCode, errorMessage, type ErrorParams } from './errorMessages'
import { PorticoError } from './PorticoError'

/** What a wrapped failure said: its details, else its short words, else its message. */
const causeWords = (cause: Error | undefined): string | undefined => (cause instanceof BaseError ? (cause.details ?? cause.shortMessage) : cause?.message)

/**
 * The root of the connection errors the modal itself raises, in the catalogue's words for their
 * code (wallets' own failures are `WalletError`s).
 */
export class ConnectionError extends PorticoError {
  override name = 'ConnectionError'
  constructor(code: ErrorCode, params: ErrorParams = {}, options: { cause?: Error | undefined } = {}) {
    super(errorMessage(code, params), { ...options, ...(options.cause && { details: causeWords(options.cause) }), errorCode: code, params })
  }
}

/** A connection error that says nothing beyond its code; each class below keeps its own name. */
function codeOnly(name: string, code: ErrorCode) {
  return class extends ConnectionError {
    override name = name
    constructor() {
      super(code)
    }
  }
}

/** A connection names a connector that is not registered (any more). */
export class NoConnectorError extends ConnectionError {
  override name = 'NoConnectorError'
  constructor(connectorId: string) {
    super('noConnector', { connectorId })
  }
}

/** A connection that is neither connected, active nor a recent (disconnected) one. */
export class InvalidConnectionStatusError extends ConnectionError {
  override name = 'InvalidConnectionStatusError'
  constructor(status: string) {
    super('invalidConnectionStatus', { status })
  }
}

/** The visitor closed the modal (or started another connect) while the wallet was still asking. */
export class ConnectionAbortedError extends codeOnly('ConnectionAbortedError', 'modalClosed') {}

/** No registered connector can pair over WalletConnect. */
export class WalletConnectUnavailableError extends codeOnly('WalletConnectUnavailableError', 'walletConnectUnavailable') {}

/** Signing in was asked for without a connected account, or the app configured no sign-in. */
export class SignInUnavailableError extends codeOnly('SignInUnavailableError', 'signInUnavailable') {}

/** The modal has no email/social connector (none was registered). */
export class NoAuthConnectorError extends codeOnly('NoAuthConnectorError', 'noAuthConnector') {}

/** An email change was asked for without an email/social connection in use. */
export class NotConnectedToAuthError extends codeOnly('NotConnectedToAuthError', 'notConnectedToAuth') {}

/** The popup was blocked by the browser, or the visitor closed it before the provider answered. */
export class SocialPopupClosedError extends codeOnly('SocialPopupClosedError', 'popupClosed') {}

/** Any other failure of a social login: no auth connector, the frame refused, the provider said no. */
export class SocialConnectionError extends ConnectionError {
  override name = 'SocialConnectionError'
  constructor(options: { cause?: Error | undefined } = {}) {
    super('socialFailed', {}, options)
  }
}

/** A Farcaster sign-in that could not start, did not complete, or did not verify. */
export class FarcasterConnectionError extends ConnectionError {
  override name = 'FarcasterConnectionError'
  constructor(options: { cause?: Error | undefined } = {}) {
    super('farcasterFailed', {}, options)
  }
}
