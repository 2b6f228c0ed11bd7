import { BaseError } from '../core/BaseError'

/**
 * The root of the modal's own errors above `core` (connection, send, API, wallet): the shape of
 * core's `BaseError` (`shortMessage`, `details`, `cause`, `walk()`), which it extends, so one
 * `instanceof BaseError` reads any Portico error.
 *
 * @example
 * catch (error) { if (error instanceof PorticoError) show(error.shortMessage) }
 */
export class PorticoError extends BaseError {
  override name = 'PorticoError'
}

/** A store was used before `createPortico` handed it its client (an HTTP API, a wallet). */
export class NoClientError extends PorticoError {
  override name = 'NoClientError'
  constructor(store: string) {
    super(`${store} has no client: call ${store}.setClient(api) first`)
  }
}
