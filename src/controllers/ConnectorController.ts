import { proxy, ref } from 'valtio/vanilla'
import type { Namespace, Network } from './Network'

/** Where a connector comes from. `announced` is an EIP-6963 wallet; `auth` is the email/social wallet. */
export type ConnectorType = 'walletConnect' | 'injected' | 'announced' | 'external' | 'auth' | 'multiChain'

/** A way to reach a wallet, registered by `src/connectors`. */
export type Connector = {
  id: string
  type: ConnectorType
  name: string
  /** The wallet's provider (EIP-1193 or similar); kept out of valtio's proxy. */
  provider?: unknown
  imageId?: string
  imageUrl?: string
  chain: Namespace
  chains: readonly Network[]
  /** Wallet-listing id, when the wallet is known to the listing. */
  explorerId?: string
  info?: { rdns?: string }
}

/** What the auth (email/social) connector's provider must offer the state layer. */
export type AuthProvider = {
  /** Reloads the embedded-wallet frame (e.g. after an abandoned Farcaster login). */
  reload(): void
  /** Sends the app's metadata and SDK version to the embedded wallet. */
  syncDappData(data: { projectId: string; sdkType: string; sdkVersion: string; metadata: unknown }): void
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
  connectors: Connector[]
  /** The connector in use in each namespace. */
  activeConnectorIds: Partial<Record<Namespace, string>>
}

const initial = (): ConnectorState => ({ connectors: [], activeConnectorIds: {} })

/**
 * The connectors (wallet entry points) the app has registered.
 *
 * @example
 * ConnectorController.addConnector({ id: 'io.metamask', type: 'announced', name: 'MetaMask', chain: 'eip155', chains: [] })
 * ConnectorController.getConnectMethodsOrder() // ['wallet', 'email', 'social']
 */
export const ConnectorController = {
  state: proxy<ConnectorState>(initial()),

  /** Adds or replaces (same id and namespace) a connector. */
  addConnector(connector: Connector) {
    const { provider } = connector
    const wrappable = (typeof provider === 'object' && provider !== null) || typeof provider === 'function'
    const item = wrappable ? { ...connector, provider: ref(provider as object) } : { ...connector }
    const list = ConnectorController.state.connectors
    const index = list.findIndex((c) => c.id === connector.id && c.chain === connector.chain)
    if (index === -1) list.push(item)
    else list[index] = item
  },

  setConnectors(connectors: readonly Connector[]) {
    ConnectorController.state.connectors = []
    for (const connector of connectors) ConnectorController.addConnector(connector)
  },

  removeConnector(id: string, namespace?: Namespace) {
    ConnectorController.state.connectors = ConnectorController.state.connectors.filter(
      (c) => !(c.id === id && (namespace === undefined || c.chain === namespace)),
    )
  },

  /** The connector with this id (case-insensitive), in `namespace` if given. */
  getConnector(id: string, namespace?: Namespace): Connector | undefined {
    const wanted = id.toLowerCase()
    return ConnectorController.state.connectors.find(
      (c) => c.id.toLowerCase() === wanted && (namespace === undefined || c.chain === namespace),
    )
  },

  /** The email/social connector, if registered. */
  getAuthConnector(namespace?: Namespace): (Connector & { provider?: AuthProvider }) | undefined {
    return ConnectorController.state.connectors.find(
      (c) => c.type === 'auth' && (namespace === undefined || c.chain === namespace),
    ) as (Connector & { provider?: AuthProvider }) | undefined
  },

  setActiveConnector(namespace: Namespace, id: string | undefined) {
    ConnectorController.state.activeConnectorIds[namespace] = id
  },

  getActiveConnector(namespace: Namespace): Connector | undefined {
    const id = ConnectorController.state.activeConnectorIds[namespace]
    return id ? ConnectorController.getConnector(id, namespace) : undefined
  },

  /** Whether an injected or EIP-6963-announced wallet is present. */
  hasBrowserWallet(): boolean {
    return ConnectorController.state.connectors.some((c) => c.type === 'injected' || c.type === 'announced')
  },

  /**
   * Order of the connect methods: the project's own order if set, else wallet first when the
   * browser has a wallet, else email, social, wallet.
   */
  getConnectMethodsOrder(projectOrder?: readonly ConnectMethod[]): ConnectMethod[] {
    if (projectOrder && projectOrder.length > 0) return [...projectOrder]
    return [...(ConnectorController.hasBrowserWallet() ? WALLET_FIRST_CONNECT_METHODS_ORDER : DEFAULT_CONNECT_METHODS_ORDER)]
  },

  reset() {
    Object.assign(ConnectorController.state, initial())
  },
}

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
