import { type AuthConnector, isAuthConnector } from '../../connectors/AuthConnector'
import { NoAuthConnectorError } from '../../errors/ConnectionErrors'
import { ConnectorController, type ConnectorInfo } from '../ConnectorController'
import { connectorContext } from './connectorContext'

/** The registered email/social connector: its listing record and the connector itself. */
export type AuthConnection = { info: ConnectorInfo; instance: AuthConnector }

/**
 * The email/social connector, or `NoAuthConnectorError` ('No auth connector found') when the
 * app registered none.
 *
 * @example
 * const { instance } = authConnector()
 */
export function authConnector(): AuthConnection {
  const info = ConnectorController.state.connectors.find((c) => c.type === 'auth')
  const instance = info && ConnectorController.getInstance(info.id)
  if (!info || !isAuthConnector(instance)) throw new NoAuthConnectorError()
  return { info, instance }
}

/**
 * The email/social connector, handed its context and ready for the first login step (email,
 * social popup, Farcaster); the later steps run in the context it was handed here.
 */
export async function preparedAuthConnector(): Promise<AuthConnection> {
  const auth = authConnector()
  await auth.instance.prepare(connectorContext())
  return auth
}

/**
 * The email/social connector alone, prepared as `preparedAuthConnector` prepares it (the first
 * call adds the secure site's frame), for the steps that do not need its listing record.
 *
 * @example
 * await (await preparedAuth()).connectOtp('123456')
 */
export async function preparedAuth(): Promise<AuthConnector> {
  return (await preparedAuthConnector()).instance
}
