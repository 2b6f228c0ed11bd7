import { BaseError } from '../core/BaseError'
import type { ErrorCode, ErrorParams } from './errorTypes'

/**
 * The root of the modal's own errors above `core` (connection, send, API, wallet): the shape of
 * core's `BaseError` (`shortMessage`, `details`, `cause`, `walk()`), which it extends, so one
 * `instanceof BaseError` reads any Portico error. Each carries a stable `errorCode` and its
 * `params`: the modal's words come from the locale catalogue by that code, never by matching
 * English; `errorOf(family, code, params)` makes one in the words of a family of `src/errors`.
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
