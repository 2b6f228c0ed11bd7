import { BaseError } from '../core/BaseError'
import { ENTRY_MESSAGES } from './entryMessages'
import type { ErrorCode, ErrorTable } from './errorTypes'
import { type CodedWords, codedWords, PorticoError } from './PorticoError'

/** What a wrapped failure said: its details, else its short words, else its message. */
const causeWords = (cause: Error | undefined): string | undefined => (cause instanceof BaseError ? (cause.details ?? cause.shortMessage) : cause?.message)

/**
 * The root of the connection errors the modal itself raises, in the words of their code (wallets'
 * own failures are `WalletError`s), handed in from the family that holds the code: this file loads
 * only the entry family, for the two errors below that a headless first load can raise.
 *
 * @example
 * new ConnectionError(codedWords(ENTRY_MESSAGES, 'connectFailed'), { cause })
 */
export class ConnectionError extends PorticoError {
  override name = 'ConnectionError'
  constructor(words: CodedWords, options: { cause?: Error | undefined } = {}) {
    super(words, { ...options, ...(options.cause && { details: causeWords(options.cause) }) })
  }
}

/**
 * A connection error class that says nothing beyond its code; each class made with it keeps its own name.
 *
 * @example
 * export class ConnectionAbortedError extends codeOnly('ConnectionAbortedError', CONNECT_MESSAGES, 'modalClosed') {}
 */
export function codeOnly<T extends ErrorTable>(name: string, messages: T, code: keyof T & ErrorCode) {
  return class extends ConnectionError {
    override name = name
    constructor() {
      super(codedWords(messages, code))
    }
  }
}

/** No registered connector can pair over WalletConnect. */
export class WalletConnectUnavailableError extends codeOnly('WalletConnectUnavailableError', ENTRY_MESSAGES, 'walletConnectUnavailable') {}

/** The popup was blocked by the browser, or the visitor closed it before the provider answered. */
export class SocialPopupClosedError extends codeOnly('SocialPopupClosedError', ENTRY_MESSAGES, 'popupClosed') {}
