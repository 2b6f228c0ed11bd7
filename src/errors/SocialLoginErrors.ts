import { ConnectionError } from './ConnectionErrors'

/** The popup was blocked by the browser, or the visitor closed it before the provider answered. */
export class SocialPopupClosedError extends ConnectionError {
  override name = 'SocialPopupClosedError'
  constructor() {
    super('Popup closed')
  }
}

/** Any other failure of a social login: no auth connector, the frame refused, the provider said no. */
export class SocialConnectionError extends ConnectionError {
  override name = 'SocialConnectionError'
  constructor(options: { cause?: Error | undefined } = {}) {
    super('Failed to initiate social connection', options)
  }
}

/** A Farcaster sign-in that could not start, did not complete, or did not verify. */
export class FarcasterConnectionError extends ConnectionError {
  override name = 'FarcasterConnectionError'
  constructor(options: { cause?: Error | undefined } = {}) {
    super('Failed to connect to farcaster', options)
  }
}
