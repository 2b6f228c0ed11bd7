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

/**
 * A connection error class that says nothing beyond its code; each class made with it keeps its own name.
 *
 * @example
 * export class ConnectionAbortedError extends codeOnly('ConnectionAbortedError', 'modalClosed') {}
 */
export function codeOnly(name: string, code: ErrorCode) {
  return class extends ConnectionError {
    override name = name
    constructor() {
      super(code)
    }
  }
}

/** No registered connector can pair over WalletConnect. */
export class WalletConnectUnavailableError extends codeOnly('WalletConnectUnavailableError', 'walletConnectUnavailable') {}

/** The popup was blocked by the browser, or the visitor closed it before the provider answered. */
export class SocialPopupClosedError extends codeOnly('SocialPopupClosedError', 'popupClosed') {}
