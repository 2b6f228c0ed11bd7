import { createAccountController } from '../AccountController'
import { type Connection, type ConnectorStatus, createConnectionRecords, sameId } from '../ConnectionRecords'
import { createConnectorController } from '../ConnectorController'
import { createEventsController } from '../EventsController'
import { createStorageController } from '../StorageController'
import type { Namespace } from '../../networks/Network'
import { type Stores, storesOf } from '../stores'

/*
 * The changes of the connection records (`ConnectionRecords.ts`): a connection added, made the
 * one in use, its accounts updated, moved to the recent ones; and what is remembered of them for
 * the next visit. Apart from the records, so that a first load that only reads them (the
 * headless hooks) carries none of this: it loads with ConnectionController.
 */

/**
 * The changes of the connection records of `stores` (the flow's ConnectionController makes them).
 *
 * @example
 * const changes = connectionChanges(stores)
 * changes.setConnected('eip155', connection)   // the one in use, remembered for the next visit
 */
export function connectionChanges(stores: Stores) {
  const [StorageController, EventsController, AccountController, ConnectorController, records] = storesOf(stores, createStorageController, createEventsController, createAccountController, createConnectorController, createConnectionRecords)
  const slot = (namespace: Namespace) => records.slot(namespace)
  const getConnections = (namespace: Namespace) => records.getConnections(namespace)

  function persist(namespace: Namespace) {
    StorageController.setConnections(namespace, slot(namespace).recentConnections)
  }

  /** Adds a live connection, replacing the one of the same connector (ids compared case-insensitively). */
  function addConnection(namespace: Namespace, connection: Connection): void {
    const s = slot(namespace)
    s.connections = [...s.connections.filter((c) => !sameId(c.connectorId, connection.connectorId)), connection]
    s.recentConnections = s.recentConnections.filter((c) => !sameId(c.connectorId, connection.connectorId))
  }

  /**
   * Records a successful connection: it becomes the one in use, its first account the account of
   * the namespace, and it is remembered for the next visit.
   */
  function setConnected(namespace: Namespace, connection: Connection, wallet?: { id: string; name: string }): void {
    addConnection(namespace, connection)
    makeCurrent(namespace, connection)
    if (wallet) StorageController.setConnectedWallet(wallet)
    EventsController.sendEvent({ event: 'CONNECT_SUCCESS', properties: { connector: connection.connectorId, namespace } })
  }

  /** New accounts of a live connection (not empty); the account in use follows when it is the connection in use. */
  function updateAccounts(namespace: Namespace, connectorId: string, accounts: Connection['accounts']): void {
    const connection = slot(namespace).connections.find((c) => sameId(c.connectorId, connectorId))
    if (!connection) return
    connection.accounts = [...accounts]
    const active = ConnectorController.state.activeConnectorIds[namespace]
    const first = accounts[0]
    if (first && active && sameId(active, connectorId)) {
      AccountController.setAccount({ namespace, address: first.address, type: first.type ?? 'eoa' })
      AccountController.setAllAccounts(namespace, accounts.map((account) => ({ namespace, address: account.address, type: account.type ?? 'eoa' })))
    }
  }

  /**
   * Moves a connection to the recent ones. When it was the one in use, the next live one takes
   * over. Returns 'last' when the namespace has no connection left (the caller then forgets the
   * account), 'removed' otherwise, `undefined` when there was no such connection.
   */
  function removeConnection(namespace: Namespace, connectorId: string): 'removed' | 'last' | undefined {
    const s = slot(namespace)
    const removed = s.connections.find((c) => sameId(c.connectorId, connectorId))
    if (!removed) return undefined
    s.connections = s.connections.filter((c) => c !== removed)
    s.recentConnections = [removed, ...s.recentConnections.filter((c) => !sameId(c.connectorId, connectorId))]
    persist(namespace)
    StorageController.addDisconnectedConnectorId(namespace, removed.connectorId)
    const active = ConnectorController.state.activeConnectorIds[namespace]
    const next = s.connections[0]
    if (next && active && sameId(active, connectorId)) makeCurrent(namespace, next)
    return next ? 'removed' : 'last'
  }

  /** Whether a connection is the one in use, another live one, or a recent one. */
  function getConnectorStatus(connection: Connection, namespace: Namespace): ConnectorStatus | undefined {
    const s = getConnections(namespace)
    const active = ConnectorController.state.activeConnectorIds[namespace]
    if (s.connections.some((c) => sameId(c.connectorId, connection.connectorId))) {
      return active && sameId(active, connection.connectorId) ? 'connected' : 'active'
    }
    if (s.recentConnections.some((c) => sameId(c.connectorId, connection.connectorId))) return 'disconnected'
    return undefined
  }

  /** Makes a live connection the one in use: its connector, its first account, storage. */
  function makeCurrent(namespace: Namespace, connection: Connection): void {
    ConnectorController.setActiveConnector(namespace, connection.connectorId)
    const first = connection.accounts[0]
    if (first) AccountController.setAccount({ namespace, address: first.address, type: first.type ?? 'eoa' })
    slot(namespace).status = 'connected'
    StorageController.setConnectedConnectorId(namespace, connection.connectorId)
  }

  return { addConnection, setConnected, updateAccounts, removeConnection, getConnectorStatus }
}
