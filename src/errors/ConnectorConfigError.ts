import type { ErrorParams } from './errorTypes'
import { codedWords, PorticoError } from './PorticoError'
import { SETUP_MESSAGES } from './setupMessages'

/** Why a connector cannot do what it was asked, with what it was given. */
export type ConnectorConfigCode = 'relayUrlNotWebSocket' | 'secureSiteUrlInvalid' | 'projectIdMissing' | 'notConnected'

/**
 * A connector set up wrong (a relay URL that is no WebSocket URL, no project id) or asked for
 * what needs a connection it does not have. Thrown to the app's developer, not shown to visitors.
 *
 * @example
 * throw new ConnectorConfigError('projectIdMissing', { connector: 'WalletConnect', option: 'walletConnect({ projectId })' })
 */
export class ConnectorConfigError extends PorticoError {
  override name = 'ConnectorConfigError'

  constructor(errorCode: ConnectorConfigCode, params: ErrorParams) {
    super(codedWords(SETUP_MESSAGES, errorCode, params))
  }
}
