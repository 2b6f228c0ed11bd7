import { PorticoError } from './PorticoError'

const messages = {
  relayUrlNotWebSocket: (p: { value: string }) => `WalletConnect's relayUrl must be a ws:// or wss:// URL, got ${p.value}`,
  secureSiteUrlInvalid: (p: { value: string }) => `The embedded wallet's secureSiteUrl must be an http(s) URL, got ${p.value}`,
  projectIdMissing: (p: { connector: string; option: string }) => `${p.connector} needs a projectId (in ${p.option} or createPortico({ projectId }))`,
  notConnected: (p: { connector: string }) => `${p.connector} is not connected`,
} as const

/** Why a connector cannot do what it was asked, with what it was given. */
export type ConnectorConfigCode = keyof typeof messages

/**
 * A connector set up wrong (a relay URL that is no WebSocket URL, no project id) or asked for
 * what needs a connection it does not have. Thrown to the app's developer, not shown to visitors.
 *
 * @example
 * throw new ConnectorConfigError('projectIdMissing', { connector: 'WalletConnect', option: 'walletConnect({ projectId })' })
 */
export class ConnectorConfigError<C extends ConnectorConfigCode = ConnectorConfigCode> extends PorticoError {
  override name = 'ConnectorConfigError'
  readonly errorCode: C
  readonly params: Parameters<(typeof messages)[C]>[0]

  constructor(errorCode: C, params: Parameters<(typeof messages)[C]>[0]) {
    super((messages[errorCode] as (p: typeof params) => string)(params))
    this.errorCode = errorCode
    this.params = params
  }
}
