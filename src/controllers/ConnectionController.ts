import { connectorContext } from './connection/connectorContext'
import type { ConnectionResult, Connector, NamespaceProvider } from '../connectors/Connector'
import { createAccountController } from './AccountController'
import { createBalanceService } from '../services/BalanceService'
import { type Connection, type ConnectionStatus, createConnectionRecords, sameId } from './ConnectionRecords'
import { connectionChanges } from './connection/connectionChanges'
import { createChainController } from './ChainController'
import { type CaipNetworkId, type Namespace, UnsupportedNetworkError } from '../networks/Network'
import { ConnectionAbortedError, InvalidConnectionStatusError, NoConnectorError } from '../errors/ConnectionErrors'
import { type ConnectorInfo, createConnectorController } from './ConnectorController'
import { abortOnModalClose } from './connection/abortOnModalClose'
import { createDisconnectCleanups } from './forgetOnDisconnect'
import { createSiwxController } from './SiwxController'
import { signInFlow } from './connection/signInFlow'
import { createSnackbarController } from './SnackbarController'
import { createStorageController } from './StorageController'
import { createTransactionsController } from './TransactionsController'
import { createNavigation } from './connection/navigation'
import { walletConnectPairing } from './connection/pairing'
import { emailLogin } from './connection/emailLogin'
import { socialLogin } from './connection/socialLogin'
import { latestRun } from '../rules/latestRun'
import { type Stores, storesOf } from './stores'

const listenKey = (namespace: Namespace, connectorId: string) => `${namespace}:${connectorId.toLowerCase()}`

export type { Connection, ConnectionState, ConnectionStatus, ConnectorStatus, NamespaceConnections } from './ConnectionRecords'

/**
 * Makes a Portico's connections store, the one owner of connections: it asks a connector to
 * connect, records what comes back (the connection, the account, the network), follows the
 * wallet's events, and decides what the modal shows next. The flow is one-way: view → this controller → connector → this controller.
 *
 * @example
 * const ConnectionController = stores.get(createConnectionController)
 * await ConnectionController.connect(ConnectorController.getConnector('io.metamask')!)
 * await ConnectionController.switchNetwork('eip155:10')
 * await ConnectionController.disconnect()
 */
export function createConnectionController(stores: Stores) {
  const [cleanups, StorageController, BalanceService, TransactionsController, SnackbarController, AccountController, ChainController, ConnectorController, SiwxController, records] = storesOf(stores, createDisconnectCleanups, createStorageController, createBalanceService, createTransactionsController, createSnackbarController, createAccountController, createChainController, createConnectorController, createSiwxController, createConnectionRecords)
  const { slot, getConnections } = records
  const { addConnection, getConnectorStatus, removeConnection, setConnected, updateAccounts } = connectionChanges(stores)
  const navigation = createNavigation(stores)
  /** Asks for a sign-in after a network or account change, when one is needed (see `navigation.promptSignIn`). */
  const promptSignIn = () => navigation.promptSignIn()

  /** The connect waiting on a wallet; a newer connect or closing the modal aborts it. */
  let pending: AbortController | undefined
  /** Per namespace and connector id (lowercase): stops listening to its events there. */
  const listening = new Map<string, () => void>()
  const disconnectListeners = new Set<(namespace: Namespace) => void>()
  const pairing = walletConnectPairing((connector, namespace, reusePairing) => connectWith(connector, namespace, undefined, { reusePairing }), stores)
  const signing = signInFlow({ disconnect: () => ConnectionController.disconnect(), switchNetwork: (id) => ConnectionController.switchNetwork(id) }, stores)
  /** The embedded wallet's logins: the latest one started owns `state.login`. */
  const loginFlow = { connect: (info: ConnectorInfo) => ConnectionController.connect(info), logins: latestRun() }
  const email = emailLogin(loginFlow, stores)
  const social = socialLogin(loginFlow, stores)

  function requireConnector(id: string): Connector {
    const connector = ConnectorController.getInstance(id)
    if (!connector) throw new NoConnectorError(id)
    return connector
  }

  const ConnectionController = {
    state: records.state,

    /** Connections of a namespace (empty lists when none). */
    get: getConnections,

    /**
     * The connection in use in `namespace`: where the wallet really is (`caipNetworkId`), supported
     * by the app or not. A view passes its snapshots of both stores.
     */
    getActiveConnection: records.activeConnection,

    /** The provider of the connector in use, for the host app (EIP-1193 for `eip155`). */
    getProvider<N extends Namespace>(namespace: N): NamespaceProvider[N] | undefined {
      const id = ConnectorController.state.activeConnectorIds[namespace]
      return id ? ConnectorController.getInstance(id)?.getProvider(namespace) : undefined
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

    addConnection,
    setConnected,
    getConnectorStatus,

    /** A wallet reported new accounts; an empty list means it disconnected. */
    updateAccounts(namespace: Namespace, connectorId: string, accounts: Connection['accounts']) {
      if (accounts.length === 0) return ConnectionController.removeConnection(namespace, connectorId)
      const before = AccountController.getAccount(namespace)?.address
      updateAccounts(namespace, connectorId, accounts)
      if (AccountController.getAccount(namespace)?.address !== before) promptSignIn()
    },

    /**
     * Removes a connector's connection (it moves to the recent ones). When it was the one in use,
     * the next live connection takes over; when none remain, everything the account had is
     * forgotten (see `forget`) and `onDisconnect` listeners hear of it.
     */
    removeConnection(namespace: Namespace, connectorId: string) {
      listening.get(listenKey(namespace, connectorId))?.()
      if (removeConnection(namespace, connectorId) === 'last') forget(namespace)
    },

    /**
     * Connects a wallet the visitor picked: the namespace shows `connecting` until the connector
     * answers (or fails, and it falls back). `address`, when the wallet exposes it, becomes the
     * account in use. Then the modal moves on: see `afterConnect`.
     */
    async connect(connector: ConnectorInfo, options: { namespace?: Namespace; address?: string } = {}): Promise<void> {
      await connectWith(requireConnector(connector.id), options.namespace ?? connector.chain, options.address)
    },

    /**
     * Lets the connector load what its `connect` will need (see `Connector.prepare`), as soon as
     * the visitor picks it and before its view is up. Never throws: `connect` reports a failure.
     */
    prepare(connectorId: string): void {
      ConnectorController.getInstance(connectorId)?.prepare?.(connectorContext(stores)).catch(() => undefined)
    },

    /** Disconnects the connector in use of `namespace` (default: the active namespace). */
    async disconnect(namespace = ChainController.state.activeNamespace) {
      if (!namespace) return
      const id = ConnectorController.state.activeConnectorIds[namespace]
      if (!id) return
      // Stop listening first: the connector's own 'disconnect' event would only repeat this.
      listening.get(listenKey(namespace, id))?.()
      const connector = ConnectorController.getInstance(id)
      try {
        await connector?.disconnect()
      } finally {
        // The visitor asked to disconnect: Portico forgets the account even if the wallet failed to.
        ConnectionController.removeConnection(namespace, id)
        // One connection may have served other namespaces too (a WalletConnect session): what it no longer serves goes with it.
        for (const other of connector?.namespaces ?? []) {
          if (other === namespace || connector?.getProvider(other) !== undefined) continue
          if (slot(other).connections.some((c) => sameId(c.connectorId, id))) ConnectionController.removeConnection(other, id)
        }
      }
    },

    /**
     * Opens SIWXSignMessage when sign-in is on and the account in use holds no live session on its
     * network (as after a network or account change); used once a restored connection and the
     * restored sessions are both known.
     */
    promptSignIn() {
      promptSignIn()
    },

    /** Calls `listener` when a namespace loses its last connection. Returns an unsubscribe function. */
    onDisconnect(listener: (namespace: Namespace) => void): () => void {
      disconnectListeners.add(listener)
      return () => disconnectListeners.delete(listener)
    },

    /**
     * Asks the wallet in use to move to a network of the app, then makes it active. Without a
     * connection, the network simply becomes active.
     */
    async switchNetwork(caipNetworkId: string): Promise<void> {
      const network = ChainController.getNetwork(caipNetworkId)
      if (!network) throw new UnsupportedNetworkError(caipNetworkId)
      const id = ConnectorController.state.activeConnectorIds[network.chainNamespace]
      const connector = id ? ConnectorController.getInstance(id) : undefined
      if (connector) await connector.switchNetwork(network)
      ChainController.setActiveNetwork(caipNetworkId)
      refreshBalance(network.chainNamespace)
      promptSignIn()
    },

    /**
     * The embedded wallet's logins, as steps of this flow (`state.login`; see `connection/emailLogin.ts`
     * and `connection/socialLogin.ts`): an email and its code (or a new device's link), a social
     * login in its popup, a Farcaster sign-in and its link. Each ends in `connect`.
     */
    connectEmail: email.start,
    waitForEmailDevice: email.waitForDevice,
    resendEmailCode: email.resendCode,
    verifyEmailCode: email.verifyCode,
    connectSocial: social.connectSocial,
    connectFarcaster: social.connectFarcaster,

    /** The sign-in steps (see `connection/signInFlow.ts`): sign in, decline, pending, sign out. */
    signIn: signing.signIn,
    cancelSignIn: signing.cancelSignIn,
    isSignInPending: signing.isSignInPending,
    signOut: signing.signOut,

    /**
     * Switches to a connection: a live one (connected or active) connects again with the chosen
     * address; a recent one reconnects through its connector (WalletConnect with a new pairing).
     */
    async switchConnection(options: { connection: Connection; namespace: Namespace; address?: string }) {
      const { connection, namespace } = options
      const status = ConnectionController.getConnectorStatus(connection, namespace)
      if (status === undefined) throw new InvalidConnectionStatusError('unknown')
      const connector = requireConnector(connection.connectorId)
      if (status === 'disconnected' && connector.type === 'walletConnect') return ConnectionController.connectWalletConnect()
      await connectWith(connector, namespace, options.address ?? connection.accounts[0]?.address)
    },

    /** The WalletConnect pairing (see `connection/pairing.ts`): the URI, its expiry, reuse and retry. */
    setWcUri: pairing.setWcUri,
    clearWcUri: pairing.clearWcUri,
    isUriExpired: pairing.isUriExpired,
    connectWalletConnect: pairing.connectWalletConnect,
    retryWalletConnect: pairing.retryWalletConnect,
    showPairing: pairing.showPairing,
    preparePairing: pairing.preparePairing,

    /**
     * Reconnects, without a prompt, the connectors that connected on an earlier visit and were not
     * disconnected. The namespace shows `connecting` meanwhile, so no disconnected state flashes.
     * Returns the ids restored. `namespace` restores that namespace only (for connectors registered later).
     */
    async restore(options: { namespace?: Namespace } = {}): Promise<string[]> {
      const restored: string[] = []
      for (const { namespace, connectorId } of StorageController.getConnectorsToRestore()) {
        if (options.namespace && namespace !== options.namespace) continue
        const connector = ConnectorController.getConnector(connectorId, namespace) && ConnectorController.getInstance(connectorId)
        if (!connector) continue
        slot(namespace).status = 'connecting'
        try {
          const result = await connector.reconnect({ namespace, context: connectorContext(stores) })
          if (!result) {
            slot(namespace).status = 'disconnected'
            continue
          }
          record(connector, result)
          restored.push(connectorId)
        } catch {
          if (slot(namespace).status === 'connecting') slot(namespace).status = 'disconnected'
        }
      }
      return restored
    },

    reset() {
      for (const stop of [...listening.values()]) stop()
      pending?.abort()
      pending = undefined
      loginFlow.logins.cancel()
      records.reset()
      pairing.reset()
      disconnectListeners.clear()
    },
  }

  /**
   * Asks `connector` to connect in `namespace`, records the result and moves the modal on. A newer
   * connect, or the visitor closing the modal, aborts this one ('Modal closed').
   */
  async function connectWith(connector: Connector, namespace: Namespace, address?: string, extra: { reusePairing?: boolean } = {}): Promise<void> {
    const s = slot(namespace)
    const before = s.status
    s.status = 'connecting'
    pending?.abort()
    const attempt = (pending = new AbortController())
    const stopWatching = abortOnModalClose(stores, attempt)
    try {
      const result = await connector.connect({ namespace, signal: attempt.signal, context: connectorContext(stores), ...extra })
      if (attempt.signal.aborted) throw new ConnectionAbortedError()
      // The namespaces that came with it first, so that the one asked for ends up in use.
      for (const other of result.alsoConnected ?? []) record(connector, other)
      record(connector, result, address)
      navigation.afterConnect(result.chainId)
    } catch (error) {
      // A newer connect owns the status now; only the latest attempt falls back.
      if (s.status === 'connecting' && pending === attempt) s.status = before === 'connected' && s.connections.length > 0 ? 'connected' : 'disconnected'
      throw error
    } finally {
      stopWatching()
      if (pending === attempt) pending = undefined
    }
  }

  /**
   * Records a connection: the connection (the preferred `address` first), the account, the
   * wallet's network, and the connector's events from now on.
   */
  function record(connector: Connector, result: ConnectionResult, address?: string): void {
    const { namespace, chainId } = result
    const preferred = address && result.accounts.find((account) => sameId(account, address))
    const addresses = preferred ? [preferred, ...result.accounts.filter((account) => account !== preferred)] : [...result.accounts]
    const accounts = addresses.map((account) => ({ address: account, type: result.accountTypes?.[account] ?? result.accountType ?? ('eoa' as const) }))
    listen(connector, namespace)
    ConnectionController.setConnected(namespace, { connectorId: connector.id, accounts, caipNetworkId: chainId }, { id: connector.id, name: connector.name })
    AccountController.setAllAccounts(namespace, accounts.map((account) => ({ ...account, namespace })))
    AccountController.setSmartAccountDeployed(namespace, result.accountType === 'smartAccount' ? result.smartAccountDeployed : undefined)
    ChainController.setActiveNamespace(namespace)
    followChain(namespace, connector.id, chainId, { ask: false })
  }

  /** Follows the connector's events until its connection is removed. */
  function listen(connector: Connector, namespace: Namespace): void {
    const key = listenKey(namespace, connector.id)
    listening.get(key)?.()
    const stops = [
      connector.on('accountsChanged', (list, of) => {
        if (of !== undefined && of !== namespace) return
        // An account keeps its type (a Bitcoin payment address, a smart account); a new one takes the kind the connection had.
        const before = getConnections(namespace).connections.find((c) => sameId(c.connectorId, connector.id))?.accounts ?? []
        const typeOf = (address: string) => before.find((known) => sameId(known.address, address))?.type ?? before[0]?.type ?? 'eoa'
        ConnectionController.updateAccounts(namespace, connector.id, list.map((address) => ({ address, type: typeOf(address) })))
        refreshBalance(namespace)
      }),
      connector.on('chainChanged', (chainId) => {
        // A connection spanning namespaces reports each one's chains: only this namespace's move it.
        if (connector.namespaces.length > 1 && !chainId.startsWith(`${namespace}:`)) return
        followChain(namespace, connector.id, chainId, { ask: true })
      }),
      connector.on('disconnect', () => ConnectionController.removeConnection(namespace, connector.id)),
      connector.on('smartAccountDeployed', (deployed) => AccountController.setSmartAccountDeployed(namespace, deployed)),
    ]
    listening.set(key, () => {
      for (const stop of stops) stop()
      if (listening.get(key)) listening.delete(key)
    })
  }

  /**
   * The wallet is on `chainId`: the connection records it either way (the connect button then
   * says 'Wrong network'); a supported network becomes active, an unsupported one opens
   * UnsupportedChain when `ask` (a change the wallet made on its own).
   */
  function followChain(namespace: Namespace, connectorId: string, chainId: CaipNetworkId, options: { ask: boolean }): void {
    const connection = slot(namespace).connections.find((c) => sameId(c.connectorId, connectorId))
    if (connection && connection.caipNetworkId !== chainId) ConnectionController.addConnection(namespace, { ...connection, caipNetworkId: chainId })
    const active = ConnectorController.state.activeConnectorIds[namespace]
    if (!active || !sameId(active, connectorId)) return
    if (ChainController.isSupported(chainId)) {
      ChainController.setActiveNetwork(chainId)
      refreshBalance(namespace)
      if (options.ask) promptSignIn()
    } else if (options.ask) {
      navigation.unsupportedChain(chainId)
    }
  }

  function refreshBalance(namespace: Namespace): void {
    if (namespace === 'eip155') void BalanceService.refresh(ConnectionController.getProvider('eip155'))
    else void BalanceService.refreshNamespace(namespace)
  }

  /**
   * The one clean-up after the last connection of a namespace goes, whoever ended it (the
   * visitor, the wallet, a revoked permission): the account, its balances, activity, a send in
   * progress, sign-in sessions and messages are forgotten, and the modal goes back to Connect.
   */
  function forget(namespace: Namespace): void {
    const s = slot(namespace)
    s.status = 'disconnected'
    ConnectorController.setActiveConnector(namespace, undefined)
    AccountController.resetAccount(namespace)
    StorageController.removeConnectedConnectorId(namespace)
    StorageController.clearConnectedWallet()
    void SiwxController.signOut()
    TransactionsController.reset()
    SnackbarController.hide()
    // Token balances and sending live in chunks of their own, which register their clean-up when they load.
    cleanups.runDisconnectCleanups()
    navigation.afterForget()
    for (const listener of disconnectListeners) listener(namespace)
  }
  return ConnectionController
}

/** A Portico's connections store. */
export type ConnectionController = ReturnType<typeof createConnectionController>
