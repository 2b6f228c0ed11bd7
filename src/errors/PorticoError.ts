import { BaseError } from '../core/BaseError'
import type { ErrorCode, ErrorParams, ErrorTable } from './errorTypes'

/**
 * The root of the modal's own errors above `core` (connection, send, API, wallet): the shape of
 * core's `BaseError` (`shortMessage`, `details`, `cause`, `walk()`), which it extends, so one
 * `instanceof BaseError` reads any Portico error. Each carries a stable `errorCode` and its
 * `params`: the modal's words come from the locale catalogue by that code, never by matching
 * English; `errorOf(family, code, params)`, below, makes one in the words of a family of `src/errors`.
 * Errors in a wallet's or a server's own words carry their class's name as the code.
 * (`code`, where a subclass has it, is the wallet's EIP-1193 or the API's own code.)
 *
 * @example
 * try {
 *   await portico.disconnect()
 * } catch (error) {
 *   // Your own words by code (the modal's come from its locale catalogue the same way).
 *   if (error instanceof PorticoError) console.log(error.errorCode, error.params, error.shortMessage)
 * }
 */
export class PorticoError extends BaseError {
  override name = 'PorticoError'
  readonly #errorCode: string | undefined
  readonly params: ErrorParams

  constructor(shortMessage: string, options: PorticoError.Options = {}) {
    super(shortMessage, options)
    this.#errorCode = options.errorCode
    this.params = options.params ?? {}
  }

  /** The stable code: one of `ERROR_MESSAGES`' when Portico wrote the words, else the class's name. */
  get errorCode(): string {
    return this.#errorCode ?? this.name
  }
}

export declare namespace PorticoError {
  type Options = BaseError.Options & { errorCode?: ErrorCode | undefined; params?: ErrorParams | undefined }
}

/**
 * `text` with its `{name}` parameters filled in from `params`; a parameter not given stays as written.
 *
 * @example
 * fillParams('Another code can be sent in {seconds} s', { seconds: 30 }) // 'Another code can be sent in 30 s'
 */
export function fillParams(text: string, params: ErrorParams = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
}

/** A coded error's words: its English `shortMessage`, its stable code and the parameters filled in. */
export type CodedWords = { shortMessage: string; errorCode: ErrorCode; params: ErrorParams }

/**
 * The words of `code` in `messages`, the family that holds it, with `params` filled in. Naming the
 * family, not the whole catalogue, keeps the other families' texts out of the caller's chunk.
 *
 * @example
 * codedWords(CONNECT_MESSAGES, 'noConnector', { connectorId: 'io.metamask' })
 * // { shortMessage: 'No connector found for connection: io.metamask', errorCode: 'noConnector', params: { connectorId: 'io.metamask' } }
 */
export function codedWords<T extends ErrorTable>(messages: T, code: keyof T & ErrorCode, params: ErrorParams = {}): CodedWords {
  return { shortMessage: fillParams(messages[code]!, params), errorCode: code, params }
}

/**
 * A `PorticoError` in the words of `code`, looked up in `messages`, the family that holds it
 * (`ERROR_MESSAGES` when the code is only known at run time).
 *
 * @example
 * throw errorOf(ENTRY_MESSAGES, 'outsideProvider')
 */
export function errorOf<T extends ErrorTable>(messages: T, code: keyof T & ErrorCode, params: ErrorParams = {}, options: BaseError.Options = {}): PorticoError {
  const { shortMessage, ...coded } = codedWords(messages, code, params)
  return new PorticoError(shortMessage, { ...options, ...coded })
}
