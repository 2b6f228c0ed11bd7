import { proxy, type Snapshot } from 'valtio/vanilla'
import type { Connector, ConnectorEntry, ConnectorSource, ConnectorType } from '../connectors/Connector'
import { createChainController } from './ChainController'
import { type Stores, storeOf } from './stores'
import type { Namespace, Network } from '../networks/Network'

export type { ConnectorType } from '../connectors/Connector'

/** A registered connector as the wallet lists show it: one record per namespace it serves. */
export type ConnectorInfo = {
  id: string
  type: ConnectorType
  name: string
  imageId?: string
  imageUrl?: string | undefined
  chain: Namespace
  chains: readonly Network[]
  /** Wallet-listing id, when the wallet is known to the listing. */
  explorerId?: string
  info?: { rdns?: string }
}

/** Groups of the wallet list, in the order the Connect view shows them. */
export type WalletGroup = 'walletConnect' | 'recent' | 'injected' | 'featured' | 'custom' | 'external' | 'recommended'

export const WALLET_GROUP_ORDER: readonly WalletGroup[] = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
]

/** The ways to connect offered on the Connect view. */
export type ConnectMethod = 'email' | 'social' | 'wallet'

export const DEFAULT_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']
/** When the browser already has a wallet, the wallet list comes first. */
export const WALLET_FIRST_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['wallet', 'email', 'social']

export type ConnectorState = {
  connectors: ConnectorInfo[]
  /** The connector in use in each namespace. */
  activeConnectorIds: Partial<Record<Namespace, string>>
}

const initial = (): ConnectorState => ({ connectors: [], activeConnectorIds: {} })

const isSource = (entry: ConnectorEntry): entry is ConnectorSource => typeof (entry as Partial<ConnectorSource>).watch === 'function'

/**
 * Makes a Portico's connectors store: the connectors (wallet entry points) the app has registered: the connectors themselves, and
 * their listing records in `state` for the views.
 *
 * @example
 * const ConnectorController = stores.get(createConnectorController)
 * const unregister = ConnectorController.register(injectedConnectors())   // done by createPortico
 * ConnectorController.getInstance('io.metamask')?.name                     // 'MetaMask'
 * ConnectorController.getConnectMethodsOrder()                              // ['wallet', 'email', 'social']
 */
export function createConnectorController(stores: Stores) {
  const ChainController = storeOf(stores, createChainController)

  /** The registered connectors themselves (objects with methods, kept out of the proxy), by lowercase id. */
  const instances = new Map<string, Connector>()

  /** The live state (the store's `state`), named so that methods can default to it. */
  const liveConnector = proxy<ConnectorState>(initial())

  const ConnectorController = {
    state: liveConnector,

    /**
     * Registers a connector, or a source that adds and removes connectors over time. Returns the
     * function that unregisters it (for a source: stops watching and removes what it added).
     */
    register(entry: ConnectorEntry): () => void {
      if (isSource(entry)) return entry.watch({ add: (connector) => void addInstance(connector), remove: removeInstance })
      return addInstance(entry)
    },

    /** The registered connector with this id (case-insensitive). */
    getInstance(id: string): Connector | undefined {
      return instances.get(id.toLowerCase())
    },

    /** Lets every registered connector go of what it holds open (sockets, frames), as `portico.destroy()` does. */
    async closeAll(): Promise<void> {
      await Promise.all([...instances.values()].map((connector) => connector.close?.().catch(() => undefined)))
    },

    /** Adds or replaces (same id and namespace) a listing record. */
    addConnector(connector: ConnectorInfo) {
      const list = ConnectorController.state.connectors
      const index = list.findIndex((c) => c.id === connector.id && c.chain === connector.chain)
      if (index === -1) list.push({ ...connector })
      else list[index] = { ...connector }
    },

    setConnectors(connectors: readonly ConnectorInfo[]) {
      ConnectorController.state.connectors = []
      for (const connector of connectors) ConnectorController.addConnector(connector)
    },

    removeConnector(id: string, namespace?: Namespace) {
      ConnectorController.state.connectors = ConnectorController.state.connectors.filter(
        (c) => !(c.id === id && (namespace === undefined || c.chain === namespace)),
      )
    },

    /** The listing record with this id (case-insensitive), in `namespace` if given. */
    getConnector(id: string, namespace?: Namespace, state: Snapshot<ConnectorState> = liveConnector): Snapshot<ConnectorInfo> | undefined {
      const wanted = id.toLowerCase()
      return state.connectors.find(
        (c) => c.id.toLowerCase() === wanted && (namespace === undefined || c.chain === namespace),
      )
    },

    /**
     * The WalletConnect connector's listing record (the first, when it serves several namespaces),
     * in `state` (a view passes its snapshot).
     *
     * @example
     * const walletConnect = ConnectorController.walletConnect()
     * if (walletConnect) ConnectionController.prepare(walletConnect.id)
     */
    walletConnect(state: Snapshot<ConnectorState> = liveConnector): Snapshot<ConnectorInfo> | undefined {
      return state.connectors.find((c) => c.type === 'walletConnect')
    },

    setActiveConnector(namespace: Namespace, id: string | undefined) {
      ConnectorController.state.activeConnectorIds[namespace] = id
    },

    getActiveConnector(namespace: Namespace): ConnectorInfo | undefined {
      const id = ConnectorController.state.activeConnectorIds[namespace]
      return id ? ConnectorController.getConnector(id, namespace) : undefined
    },

    /** Whether an injected or EIP-6963-announced wallet is present. */
    hasBrowserWallet(state: Snapshot<ConnectorState> = liveConnector): boolean {
      return state.connectors.some((c) => c.type === 'injected' || c.type === 'announced')
    },

    /**
     * Order of the connect methods: the project's own order if set, else wallet first when the
     * browser has a wallet, else email, social, wallet.
     */
    getConnectMethodsOrder(projectOrder?: readonly ConnectMethod[], state: Snapshot<ConnectorState> = liveConnector): ConnectMethod[] {
      if (projectOrder && projectOrder.length > 0) return [...projectOrder]
      return [...(ConnectorController.hasBrowserWallet(state) ? WALLET_FIRST_CONNECT_METHODS_ORDER : DEFAULT_CONNECT_METHODS_ORDER)]
    },

    reset() {
      instances.clear()
      Object.assign(ConnectorController.state, initial())
    },
  }

  function addInstance(connector: Connector): () => void {
    instances.set(connector.id.toLowerCase(), connector)
    for (const namespace of connector.namespacesFor?.(ChainController.state.networks) ?? connector.namespaces) {
      ConnectorController.addConnector({
        id: connector.id,
        type: connector.type,
        name: connector.name,
        imageUrl: connector.imageUrl,
        chain: namespace,
        chains: ChainController.getNetworks(namespace),
        info: connector.rdns ? { rdns: connector.rdns } : {},
      })
    }
    return () => {
      if (instances.get(connector.id.toLowerCase()) === connector) removeInstance(connector.id)
    }
  }

  function removeInstance(id: string): void {
    instances.delete(id.toLowerCase())
    ConnectorController.removeConnector(id)
  }

  return ConnectorController
}

/** A Portico's connectors store. */
export type ConnectorController = ReturnType<typeof createConnectorController>

/**
 * Flattens the wallet-list groups in display order; a wallet shown in an earlier group (say,
 * recent) is not repeated in a later one (say, recommended).
 *
 * @example
 * orderWalletGroups({ recommended: [a, b], recent: [b] }) // [b, a]
 */
export function orderWalletGroups<item extends { id: string }>(groups: Partial<Record<WalletGroup, readonly item[]>>): item[] {
  const seen = new Set<string>()
  const out: item[] = []
  for (const group of WALLET_GROUP_ORDER) {
    for (const item of groups[group] ?? []) {
      const key = item.id.toLowerCase()
      if (seen.has(key)) continue
      seen.add(key)
      out.push(item)
    }
  }
  return out
}
