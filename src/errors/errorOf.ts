import type { BaseError } from '../core/BaseError'
import type { ErrorCode, ErrorParams, ErrorTable } from './errorTypes'
import { PorticoError } from './PorticoError'

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
