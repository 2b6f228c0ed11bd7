import { type AuthConnector, isAuthConnector } from '../../connectors/AuthConnector'
import { NoAuthConnectorError } from '../../errors/ConnectionErrors'
import { createConnectorController, type ConnectorInfo } from '../ConnectorController'
import { type Stores, storeOf } from '../stores'
import { connectorContext } from './connectorContext'

/** The registered email/social connector: its listing record and the connector itself. */
export type AuthConnection = { info: ConnectorInfo; instance: AuthConnector }

/**
 * The email/social connector of `stores`, or `NoAuthConnectorError` ('No auth connector found') when the
 * app registered none.
 *
 * @example
 * const { instance } = authConnector(stores)
 */
export function authConnector(stores: Stores): AuthConnection {
  const ConnectorController = storeOf(stores, createConnectorController)
  const info = ConnectorController.state.connectors.find((c) => c.type === 'auth')
  const instance = info && ConnectorController.getInstance(info.id)
  if (!info || !isAuthConnector(instance)) throw new NoAuthConnectorError()
  return { info, instance }
}

/**
 * The email/social connector, handed its context and ready for the first login step (email,
 * social popup, Farcaster); the later steps run in the context it was handed here.
 */
export async function preparedAuthConnector(stores: Stores): Promise<AuthConnection> {
  const auth = authConnector(stores)
  await auth.instance.prepare(connectorContext(stores))
  return auth
}

/**
 * The email/social connector alone, prepared as `preparedAuthConnector` prepares it (the first
 * call adds the secure site's frame), for the steps that do not need its listing record.
 *
 * @example
 * await (await preparedAuth(stores)).connectOtp('123456')
 */
export async function preparedAuth(stores: Stores): Promise<AuthConnector> {
  return (await preparedAuthConnector(stores)).instance
}
