import { proxy } from 'valtio/vanilla'
import { AccountController, type AccountType } from './AccountController'
import { ChainController } from './ChainController'
import type { Namespace } from './Network'
import { InvalidConnectionStatusError, NoConnectionClientError, NoConnectorError, UnsupportedConnectMethodError } from './ConnectionErrors'
import { type Connector, ConnectorController } from './ConnectorController'
import { EventsController } from './EventsController'
import { DEFAULT_SOCIALS } from './OptionsController'
import { StorageController, type StoredConnection } from './StorageController'
import { PAIRING_RETRY_INTERVAL_MS, isPairingExpired, pairingExpiry, shouldReusePairing } from './WalletConnectPairing'

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
  /** A connection is being prepared and the view should show a spinner. */
  buffering: boolean
}

/** What `src/connectors` does for the state layer; registered by `createPortico`. */
export type ConnectionClient = {
  /** Starts a WalletConnect pairing; calls `ConnectionController.setWcUri` once the URI exists. */
  connectWalletConnect(): Promise<void>
  /** Connects (or reconnects, with `address` selected) through an injected or external connector. */
  connectExternal(connector: Connector, options: { namespace: Namespace; address?: string | undefined }): Promise<void>
  connectEmail?(options: { namespace: Namespace; email?: string | undefined }): Promise<void>
  connectSocial?(options: { namespace: Namespace; provider: string }): Promise<void>
  /** Switches the auth wallet between its smart account and its plain key. */
  setPreferredAccountType(type: AccountType, namespace: Namespace): Promise<void>
  /** Ends the wallet's session; the controller then removes the connection. */
  disconnect?(connector: Connector, namespace: Namespace): Promise<void>
}

const empty = (): NamespaceConnections => ({ connections: [], recentConnections: [], status: 'disconnected' })
const initial = (): ConnectionState => ({ byNamespace: {}, wcUri: undefined, wcPairingExpiry: undefined, wcError: false, buffering: false })

let client: ConnectionClient | undefined
let pendingPairing: Promise<void> | undefined
let lastRetry: number | undefined
const disconnectListeners = new Set<(namespace: Namespace) => void>()

const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const slot = (namespace: Namespace) => (ConnectionController.state.byNamespace[namespace] ??= empty())

function requireClient(): ConnectionClient {
  if (!client) throw new NoConnectionClientError()
  return client
}

function persist(namespace: Namespace) {
  StorageController.setConnections(namespace, slot(namespace).recentConnections)
}

/**
 * Connections per namespace, the WalletConnect pairing, and switching between wallets.
 *
 * @example
 * ConnectionController.setClient(client)          // done by createPortico
 * ConnectionController.setConnected('eip155', { connectorId: 'io.metamask', accounts: [{ address }] })
 * await ConnectionController.switchConnection({ connection, namespace: 'eip155' })
 */
export const ConnectionController = {
  state: proxy<ConnectionState>(initial()),

  setClient(next: ConnectionClient | undefined) {
    client = next
  },

  /** Connections of a namespace (empty lists when none). */
  get(namespace: Namespace): NamespaceConnections {
    return ConnectionController.state.byNamespace[namespace] ?? empty()
  },

  setStatus(namespace: Namespace, status: ConnectionStatus) {
    slot(namespace).status = status
  },

  setBuffering(buffering: boolean) {
    ConnectionController.state.buffering = buffering
  },

  setWcError(error: boolean) {
    ConnectionController.state.wcError = error
  },

  /** Loads the recent connections remembered from earlier visits. */
  loadRecentConnections(namespace: Namespace) {
    slot(namespace).recentConnections = StorageController.getConnections(namespace)
  },

  /** Adds a live connection, replacing the one of the same connector (ids compared case-insensitively). */
  addConnection(namespace: Namespace, connection: Connection) {
    const s = slot(namespace)
    s.connections = [...s.connections.filter((c) => !sameId(c.connectorId, connection.connectorId)), connection]
    s.recentConnections = s.recentConnections.filter((c) => !sameId(c.connectorId, connection.connectorId))
  },

  /**
   * Records a successful connection: it becomes the one in use, its first account the account of
   * the namespace, and it is remembered for the next visit.
   */
  setConnected(namespace: Namespace, connection: Connection, wallet?: { id: string; name: string }) {
    ConnectionController.addConnection(namespace, connection)
    makeCurrent(namespace, connection)
    if (wallet) StorageController.setConnectedWallet(wallet)
    EventsController.sendEvent({ event: 'CONNECT_SUCCESS', properties: { connector: connection.connectorId, namespace } })
  },

  /** A wallet reported new accounts; an empty list means it disconnected. */
  updateAccounts(namespace: Namespace, connectorId: string, accounts: Connection['accounts']) {
    if (accounts.length === 0) return ConnectionController.removeConnection(namespace, connectorId)
    const connection = slot(namespace).connections.find((c) => sameId(c.connectorId, connectorId))
    if (!connection) return
    connection.accounts = [...accounts]
    const active = ConnectorController.state.activeConnectorIds[namespace]
    const first = accounts[0]
    if (first && active && sameId(active, connectorId)) {
      AccountController.setAccount({ namespace, address: first.address, type: first.type ?? 'eoa' })
    }
  },

  /**
   * Removes a connector's connection (it moves to the recent ones). When it was the one in use,
   * the next live connection takes over; when none remain, the namespace is disconnected and
   * `onDisconnect` listeners hear of it.
   */
  removeConnection(namespace: Namespace, connectorId: string) {
    const s = slot(namespace)
    const removed = s.connections.find((c) => sameId(c.connectorId, connectorId))
    if (!removed) return
    s.connections = s.connections.filter((c) => c !== removed)
    s.recentConnections = [removed, ...s.recentConnections.filter((c) => !sameId(c.connectorId, connectorId))]
    persist(namespace)
    StorageController.addDisconnectedConnectorId(namespace, removed.connectorId)

    const active = ConnectorController.state.activeConnectorIds[namespace]
    const next = s.connections[0]
    if (next && active && sameId(active, connectorId)) {
      makeCurrent(namespace, next)
    } else if (!next) {
      s.status = 'disconnected'
      ConnectorController.setActiveConnector(namespace, undefined)
      AccountController.resetAccount(namespace)
      StorageController.removeConnectedConnectorId(namespace)
      StorageController.clearConnectedWallet()
      for (const listener of disconnectListeners) listener(namespace)
    }
  },

  /**
   * Connects an injected or external wallet chosen by the user: the namespace shows
   * `connecting` until the client reports the connection (or fails, and it falls back).
   */
  async connectExternal(connector: Connector, options: { namespace?: Namespace; address?: string } = {}) {
    const namespace = options.namespace ?? connector.chain
    const s = slot(namespace)
    const before = s.status
    s.status = 'connecting'
    try {
      await requireClient().connectExternal(connector, { namespace, address: options.address })
    } catch (error) {
      if (s.status === 'connecting') s.status = before === 'connected' && s.connections.length > 0 ? 'connected' : 'disconnected'
      throw error
    }
  },

  /** Disconnects the connector in use of `namespace` (default: the active namespace). */
  async disconnect(namespace = ChainController.state.activeNamespace) {
    if (!namespace) return
    const id = ConnectorController.state.activeConnectorIds[namespace]
    if (!id) return
    const connector = ConnectorController.getConnector(id, namespace)
    if (connector) await requireClient().disconnect?.(connector, namespace)
    ConnectionController.removeConnection(namespace, id)
  },

  /** Calls `listener` when a namespace loses its last connection. Returns an unsubscribe function. */
  onDisconnect(listener: (namespace: Namespace) => void): () => void {
    disconnectListeners.add(listener)
    return () => disconnectListeners.delete(listener)
  },

  /** Whether a connection is the one in use, another live one, or a recent one. */
  getConnectorStatus(connection: Connection, namespace: Namespace): ConnectorStatus | undefined {
    const s = ConnectionController.get(namespace)
    const active = ConnectorController.state.activeConnectorIds[namespace]
    if (s.connections.some((c) => sameId(c.connectorId, connection.connectorId))) {
      return active && sameId(active, connection.connectorId) ? 'connected' : 'active'
    }
    if (s.recentConnections.some((c) => sameId(c.connectorId, connection.connectorId))) return 'disconnected'
    return undefined
  },

  /**
   * Switches to a connection. A live one (connected or active) reconnects with the chosen
   * address; for the auth wallet that means switching between smart account and plain key. A
   * recent one reconnects by email, social login, WalletConnect or its external connector.
   */
  async switchConnection(options: { connection: Connection; namespace: Namespace; address?: string }) {
    const { connection, namespace } = options
    const status = ConnectionController.getConnectorStatus(connection, namespace)
    if (status === undefined) throw new InvalidConnectionStatusError('unknown')
    const connector = ConnectorController.getConnector(connection.connectorId, namespace)
    if (!connector) throw new NoConnectorError(connection.connectorId)
    const address = options.address ?? connection.accounts[0]?.address

    if (status === 'connected' || status === 'active') {
      if (connector.type === 'auth') return switchAuthAccountType(namespace)
      return requireClient().connectExternal(connector, { namespace, address })
    }

    const login = connection.auth?.name?.toLowerCase()
    if (connector.type === 'auth' && login === 'email') {
      const c = requireClient()
      if (!c.connectEmail) throw new UnsupportedConnectMethodError('email')
      return c.connectEmail({ namespace, email: StorageController.getEmail() })
    }
    if (connector.type === 'auth' && login && (DEFAULT_SOCIALS as readonly string[]).includes(login)) {
      const c = requireClient()
      if (!c.connectSocial) throw new UnsupportedConnectMethodError('social')
      return c.connectSocial({ namespace, provider: login })
    }
    if (connector.type === 'walletConnect') return ConnectionController.connectWalletConnect()
    return requireClient().connectExternal(connector, { namespace, address })
  },

  /** Stores a new pairing URI; it is valid for 4 minutes. */
  setWcUri(uri: string) {
    Object.assign(ConnectionController.state, { wcUri: uri, wcPairingExpiry: pairingExpiry(), wcError: false })
  },

  clearWcUri() {
    Object.assign(ConnectionController.state, { wcUri: undefined, wcPairingExpiry: undefined })
  },

  /** Whether the 4 minutes of the current pairing URI are over (the QR view then asks for a new one). */
  isUriExpired(): boolean {
    const expiry = ConnectionController.state.wcPairingExpiry
    return expiry === undefined || Date.now() >= expiry
  },

  /**
   * Starts a WalletConnect pairing. On iOS Safari and in Telegram the current pairing is reused
   * (and a pairing in progress is shared) until it is within 10 s of its expiry.
   */
  async connectWalletConnect(options: { reusePairing?: boolean } = {}): Promise<void> {
    const reuse = options.reusePairing ?? shouldReusePairing()
    if (reuse) {
      if (pendingPairing) return pendingPairing
      if (!isPairingExpired(ConnectionController.state.wcPairingExpiry)) return
    }
    const attempt = requireClient()
      .connectWalletConnect()
      .catch((error: unknown) => {
        ConnectionController.state.wcError = true
        throw error
      })
      .finally(() => {
        if (pendingPairing === attempt) pendingPairing = undefined
      })
    if (reuse) pendingPairing = attempt
    return attempt
  },

  /**
   * "Try again" on the QR view: makes a fresh pairing, at most once per second. Returns whether
   * a new attempt started; a failure shows through `wcError`.
   */
  retryWalletConnect(): boolean {
    const now = Date.now()
    if (lastRetry !== undefined && now - lastRetry < PAIRING_RETRY_INTERVAL_MS) return false
    lastRetry = now
    ConnectionController.clearWcUri()
    ConnectionController.state.wcError = false
    ConnectionController.connectWalletConnect().catch(() => undefined)
    return true
  },

  /** Reconnects the connectors that connected on an earlier visit and were not disconnected. */
  async restore(): Promise<string[]> {
    const restored: string[] = []
    for (const { namespace, connectorId } of StorageController.getConnectorsToRestore()) {
      const connector = ConnectorController.getConnector(connectorId, namespace)
      if (!connector) continue
      slot(namespace).status = 'connecting'
      try {
        await requireClient().connectExternal(connector, { namespace })
        restored.push(connectorId)
      } catch {
        slot(namespace).status = 'disconnected'
      }
    }
    return restored
  },

  reset() {
    Object.assign(ConnectionController.state, initial())
    client = undefined
    pendingPairing = undefined
    lastRetry = undefined
    disconnectListeners.clear()
  },
}

/** Makes a live connection the one in use: its connector, its first account, storage. */
function makeCurrent(namespace: Namespace, connection: Connection) {
  ConnectorController.setActiveConnector(namespace, connection.connectorId)
  const first = connection.accounts[0]
  if (first) AccountController.setAccount({ namespace, address: first.address, type: first.type ?? 'eoa' })
  slot(namespace).status = 'connected'
  StorageController.setConnectedConnectorId(namespace, connection.connectorId)
}

/** Auth wallet: to the smart account only if enabled on the active network and the account is a plain key; else to the plain key. */
async function switchAuthAccountType(namespace: Namespace) {
  const current = AccountController.getAccount(namespace)?.type
  const network = ChainController.getActiveNetwork(namespace)?.caipNetworkId
  const smartEnabled = network !== undefined && StorageController.getSmartAccountEnabledNetworks().includes(network)
  const next: AccountType = smartEnabled && current === 'eoa' ? 'smartAccount' : 'eoa'
  if (next === current) return
  await requireClient().setPreferredAccountType(next, namespace)
  StorageController.setPreferredAccountType(namespace, next)
  AccountController.setPreferredAccountTypes({ [namespace]: next })
  EventsController.sendEvent({ event: 'SET_PREFERRED_ACCOUNT_TYPE', properties: { accountType: next, namespace } })
}
