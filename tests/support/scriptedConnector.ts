import type { ConnectionResult, ConnectOptions, Connector, ConnectorType, NamespaceProvider } from '../../src/connectors/Connector'
import { connectorEvents } from '../../src/connectors/connectorEvents'
import type { Namespace, Network } from '../../src/networks/Network'

/**
 * A connector whose wallet is a script: each method answers from the options, and every call is
 * recorded in `calls`. For the controllers' unit tests, where the wallet's side is not under test.
 */
export function scriptedConnector(options: {
  id: string
  type?: ConnectorType
  namespaces?: readonly Namespace[]
  name?: string
  rdns?: string
  connect?: (options: ConnectOptions) => Promise<ConnectionResult>
  reconnect?: (options: { namespace: Namespace }) => Promise<ConnectionResult | undefined>
  switchNetwork?: (network: Network) => Promise<void>
  provider?: unknown
  /** Where the calls are recorded (to share one log between connectors). */
  calls?: string[]
}) {
  const events = connectorEvents()
  const calls = options.calls ?? []
  const namespaces = options.namespaces ?? ['eip155']
  const fail = (method: string) => () => Promise.reject(new Error(`${options.id} cannot ${method} in this test`))
  const connector: Connector & { calls: string[]; emit: typeof events.emit } = {
    id: options.id,
    name: options.name ?? options.id,
    type: options.type ?? 'external',
    rdns: options.rdns,
    namespaces,
    calls,
    emit: events.emit,
    on: events.on,
    async connect(connectOptions) {
      calls.push(`connect:${options.id}`)
      return (options.connect ?? fail('connect'))(connectOptions)
    },
    async reconnect(reconnectOptions) {
      calls.push(`reconnect:${options.id}`)
      return (options.reconnect ?? fail('reconnect'))(reconnectOptions)
    },
    async disconnect() {
      calls.push(`disconnect:${options.id}`)
    },
    async switchNetwork(network: Network) {
      calls.push(`switchNetwork:${network.caipNetworkId}`)
      await options.switchNetwork?.(network)
    },
    getProvider<N extends Namespace>(namespace: N) {
      return namespaces.includes(namespace) ? (options.provider as NamespaceProvider[N]) : undefined
    },
  }
  return connector
}

/**
 * A WalletConnect connector whose connect shows `uri` as its pairing (`displayUri`, made now) and
 * then waits for a wallet that never answers: the QR view with its code, as each connect makes it.
 *
 * @example
 * ConnectorController.register(pairingConnector('wc:…@2?relay-protocol=irn&symKey=…'))
 */
export function pairingConnector(uri: string) {
  const connector = scriptedConnector({
    id: 'walletConnect',
    type: 'walletConnect',
    connect: () => {
      connector.emit('displayUri', uri, Date.now())
      return new Promise<never>(() => undefined)
    },
  })
  return connector
}
