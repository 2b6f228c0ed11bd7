import { ConnectionError } from '../errors/ConnectionError'
import { ENTRY_MESSAGES } from '../errors/entryMessages'
import { codedWords, PorticoError } from '../errors/PorticoError'

/**
 * Any failure as a `PorticoError`: Portico's own errors as they are (their `errorCode` is the one
 * the modal translates), anything else (a wallet's or a server's words) as `connectFailed` with
 * the original as its `cause`.
 *
 * @example
 * try { await connect() } catch (error) { setError(asPorticoError(error)) }
 */
export function asPorticoError(error: unknown): PorticoError {
  if (error instanceof PorticoError) return error
  return new ConnectionError(codedWords(ENTRY_MESSAGES, 'connectFailed'), { cause: error instanceof Error ? error : new Error(String(error)) })
}
