import { useStore } from './useStore'
import { createAccountController, type AccountInfo } from '../controllers/AccountController'
import { createChainController } from '../controllers/ChainController'
import { createConnectionRecords } from '../controllers/ConnectionRecords'
import { createConnectorController } from '../controllers/ConnectorController'
import { usePorticoInstance, useControllers } from '../react/PorticoContext'

export type UseAccount = AccountInfo & {
  /** Every address the wallet exposes in the active namespace. */
  addresses: readonly string[]
  /** The connector in use (its name, for "Connected with …"). */
  connectorName: string | undefined
  /** `connecting` while a connect or a reload's restore waits on the wallet. */
  status: 'disconnected' | 'connecting' | 'connected'
}

/**
 * The connected account of the active namespace, kept up to date (connects, account and network
 * changes, restore after a reload).
 *
 * @example
 * function Address() {
 *   const { address, status } = useAccount()
 *   return status === 'connected' ? <span>{address}</span> : null
 * }
 */
export function useAccount(): UseAccount {
  const [records, ConnectorController, AccountController, ChainController] = useControllers(createConnectionRecords, createConnectorController, createAccountController, createChainController)
  usePorticoInstance()
  const accounts = useStore(AccountController.state)
  const chain = useStore(ChainController.state)
  const connections = useStore(records.state)
  const connectors = useStore(ConnectorController.state)
  const info = AccountController.getAccountInfo(accounts, chain)
  const namespace = info.namespace ?? 'eip155'
  const activeId = connectors.activeConnectorIds[namespace]
  const status = info.isConnected ? 'connected' : connections.byNamespace[namespace]?.status === 'connecting' ? 'connecting' : 'disconnected'
  return {
    ...info,
    addresses: (accounts.byNamespace[namespace]?.allAccounts ?? []).map((a) => a.address),
    connectorName: activeId ? connectors.connectors.find((c) => c.id.toLowerCase() === activeId.toLowerCase())?.name : undefined,
    status,
  }
}
