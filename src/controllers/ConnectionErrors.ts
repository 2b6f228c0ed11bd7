import { BaseError } from '../core/BaseError'

/** A connection names a connector that is not registered (any more). */
export class NoConnectorError extends BaseError {
  override name = 'NoConnectorError'
  constructor(connectorId: string) {
    super(`No connector found for connection: ${connectorId}`)
  }
}

/** A connection that is neither connected, active nor a recent (disconnected) one. */
export class InvalidConnectionStatusError extends BaseError {
  override name = 'InvalidConnectionStatusError'
  constructor(status: string) {
    super(`Invalid connection status: ${status}`)
  }
}

/** `ConnectionController` was asked to connect before `createPortico` registered a client. */
export class NoConnectionClientError extends BaseError {
  override name = 'NoConnectionClientError'
  constructor() {
    super('No connection client registered', { details: 'Call ConnectionController.setClient() (createPortico does) before connecting.' })
  }
}

/** A connect method the registered client does not offer (e.g. email without the auth connector). */
export class UnsupportedConnectMethodError extends BaseError {
  override name = 'UnsupportedConnectMethodError'
  constructor(method: string) {
    super(`Connect method not supported by this client: ${method}`)
  }
}
