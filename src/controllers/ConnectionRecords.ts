import { proxy, type Snapshot } from 'valtio/vanilla'
import { AccountController } from './AccountController'
import { ConnectorController, type ConnectorState } from './ConnectorController'
import { EventsController } from './EventsController'
import type { Namespace } from '../networks/Network'
import { StorageController, type StoredConnection } from './StorageController'

/*
 * The records behind ConnectionController: which connections each namespace has, which one is
 * in use, and what is remembered for the next visit. No flow and no navigation here; the
 * controller exposes these as its methods and decides what happens around them.
 */

/** One wallet's connection in a namespace: its connector and the accounts it exposes. */
export type Connection = StoredConnection

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** Where a connection stands: the one in use, another live one, or a recent (disconnected) one. */
export type ConnectorStatus = 'connected' | 'active' | 'disconnected'

export type NamespaceConnections = {
  /** Live connections, one per connector. */
  connections: Connection[]
  /** Connections used before, newest first, offered for reconnecting. */
  recentConnections: Connection[]
  status: ConnectionStatus
}

export type ConnectionState = {
  byNamespace: Partial<Record<Namespace, NamespaceConnections>>
  /** The WalletConnect pairing URI shown as a QR code or deep link. */
  wcUri: string | undefined
  /** When `wcUri` stops being valid (ms since epoch), 4 min after it was made. */
  wcPairingExpiry: number | undefined
  /** The last WalletConnect attempt failed (the QR view offers a retry). */
  wcError: boolean
  /** What the failed attempt said (its first line is shown), when `wcError`. */
  wcErrorMessage: string | undefined
  /** A connection is being prepared and the view should show a spinner. */
  buffering: boolean
}

const empty = (): NamespaceConnections => ({ connections: [], recentConnections: [], status: 'disconnected' })
const initial = (): ConnectionState => ({ byNamespace: {}, wcUri: undefined, wcPairingExpiry: undefined, wcError: false, wcErrorMessage: undefined, buffering: false })

/** `ConnectionController.state`. */
export const connectionState = proxy<ConnectionState>(initial())

export function resetConnectionState(): void {
  Object.assign(connectionState, initial())
}

/** Connector ids compare case-insensitively (rdns as wallets announce them vary in case). */
export const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * The connection in use in `namespace`: where the wallet really is (`caipNetworkId`), supported
 * by the app or not. A view passes its snapshots of both stores (`ConnectionController.getActiveConnection`).
 */
export function activeConnection(
  namespace: Namespace,
  state: Snapshot<ConnectionState> = connectionState,
  connectors: Snapshot<ConnectorState> = ConnectorController.state,
): Snapshot<Connection> | undefined {
  const id = connectors.activeConnectorIds[namespace]
  return id ? state.byNamespace[namespace]?.connections.find((c) => sameId(c.connectorId, id)) : undefined
}

/** The namespace's record, made on first use. */
export const slot = (namespace: Namespace): NamespaceConnections => (connectionState.byNamespace[namespace] ??= empty())

/** Connections of a namespace (empty lists when none). */
export function getConnections(namespace: Namespace): NamespaceConnections {
  return connectionState.byNamespace[namespace] ?? empty()
}

function persist(namespace: Namespace) {
  StorageController.setConnections(namespace, slot(namespace).recentConnections)
}

/** Adds a live connection, replacing the one of the same connector (ids compared case-insensitively). */
export function addConnection(namespace: Namespace, connection: Connection): void {
  const s = slot(namespace)
  s.connections = [...s.connections.filter((c) => !sameId(c.connectorId, connection.connectorId)), connection]
  s.recentConnections = s.recentConnections.filter((c) => !sameId(c.connectorId, connection.connectorId))
}

/**
 * Records a successful connection: it becomes the one in use, its first account the account of
 * the namespace, and it is remembered for the next visit.
 */
export function setConnected(namespace: Namespace, connection: Connection, wallet?: { id: string; name: string }): void {
  addConnection(namespace, connection)
  makeCurrent(namespace, connection)
  if (wallet) StorageController.setConnectedWallet(wallet)
  EventsController.sendEvent({ event: 'CONNECT_SUCCESS', properties: { connector: connection.connectorId, namespace } })
}

/** New accounts of a live connection (not empty); the account in use follows when it is the connection in use. */
export function updateAccounts(namespace: Namespace, connectorId: string, accounts: Connection['accounts']): void {
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
export function removeConnection(namespace: Namespace, connectorId: string): 'removed' | 'last' | undefined {
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
export function getConnectorStatus(connection: Connection, namespace: Namespace): ConnectorStatus | undefined {
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
