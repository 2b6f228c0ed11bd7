import type { CaipNetworkId, Namespace, Network } from '../networks/Network'
import type { BitcoinWalletProvider } from './bitcoin/BitcoinWalletProvider'
import type { SolanaWalletProvider } from './solana/SolanaWalletProvider'

/**
 * The contract between a wallet and the modal. Declarations only: the controllers import these
 * types (and nothing else) from `src/connectors`, so this file imports nothing but the network types.
 */

/** The app as a wallet shows it (a WalletConnect proposal, the embedded wallet's approval window). */
export type AppMetadata = { name: string; description: string; url: string; icons: string[] }

/** The key-value storage a connector keeps its own entries in (the app's, guarded: a failed write is no crash). */
export type ConnectorStorage = {
  getItem(key: string): string | undefined
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** The modal's light or dark mode, now and as it changes. */
export type ConnectorTheme = {
  readonly mode: 'light' | 'dark'
  /** Calls `listener` on every change of mode; returns the function that stops it. */
  subscribe(listener: (mode: 'light' | 'dark') => void): () => void
}

/**
 * Everything a connector may know of the app, handed in with each call that may load its
 * session (`connect`, `reconnect`, `prepare`). Reads are live: `networks` and `theme.mode` say
 * what holds now. A connector imports no store; it reports through its events and return values.
 *
 * @example
 * await connector.connect({ namespace: 'eip155', context })
 */
export type ConnectorContext = {
  /** The app's networks, every namespace. */
  readonly networks: readonly Network[]
  /** The network in use of each namespace, when one is. */
  readonly activeNetworkIds: Readonly<Partial<Record<Namespace, CaipNetworkId>>>
  readonly metadata: AppMetadata | undefined
  readonly projectId: string | undefined
  readonly theme: ConnectorTheme
  readonly storage: ConnectorStorage
  /** The app's `fetch` (the global one unless the app passed its own). */
  readonly fetch: typeof fetch
}

/** The smallest EIP-1193 provider shape Portico needs from a wallet. */
export type EIP1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** What `getProvider` gives for each namespace: EIP-1193 for `eip155`, the wrapped Wallet Standard wallet for `solana` and `bip122`. */
export type NamespaceProvider = { eip155: EIP1193Provider; solana: SolanaWalletProvider; bip122: BitcoinWalletProvider; polkadot: unknown }

/** Where a connector comes from. `announced` is an EIP-6963 wallet; `auth` is the email/social wallet. */
export type ConnectorType = 'walletConnect' | 'injected' | 'announced' | 'external' | 'auth' | 'multiChain'

/** What a connect (or a silent restore) gives back: the accounts (the first is used), where the wallet is. */
export type ConnectionResult = {
  accounts: readonly string[]
  /** The type of `accounts` when the wallet has more than one (the embedded wallet's smart account or EOA); default 'eoa'. */
  accountType?: 'eoa' | 'smartAccount'
  /** For a smart account: whether it has code on `chainId` yet (a counterfactual one is deployed by its first transaction). */
  smartAccountDeployed?: boolean
  /** CAIP-2 id of the wallet's network, supported by the app or not. */
  chainId: CaipNetworkId
  namespace: Namespace
  /** What each address is for, where the wallet says (Bitcoin: `payment` or `ordinal`); others are plain keys. */
  accountTypes?: Readonly<Record<string, 'payment' | 'ordinal'>>
  /**
   * The other namespaces the same approval connected (a WalletConnect session with eip155 and
   * solana accounts): recorded beside this one, which stays the namespace in use.
   */
  alsoConnected?: readonly ConnectionResult[]
}

export type ConnectOptions = {
  namespace: Namespace
  context: ConnectorContext
  /** Aborted when the visitor closes the modal or starts another connect: reject with 'Modal closed'. */
  signal?: AbortSignal | undefined
  /** The network the app would like the wallet on, when the wallet can choose at connect time. */
  chainId?: CaipNetworkId | undefined
  /**
   * A pairing connector (WalletConnect) may show again the pairing it showed last, while it has
   * more than 10 s left, instead of making a new one (iOS Safari and Telegram: see `shouldReusePairing`).
   */
  reusePairing?: boolean | undefined
}

/** The events a connector reports after a connect, with their arguments. */
export type ConnectorEventMap = {
  /**
   * The wallet's accounts changed; never empty (an empty list arrives as `disconnect`). A
   * connector whose one connection spans several namespaces (WalletConnect) names the one they are of.
   */
  accountsChanged: [accounts: readonly string[], namespace?: Namespace]
  /** The wallet moved to another network (CAIP-2). */
  chainChanged: [chainId: CaipNetworkId]
  /** The wallet ended the connection (revoked, locked, lost every chain). */
  disconnect: [error?: Error]
  /**
   * A pairing connector (WalletConnect) has a URI to show as a QR code while `connect` waits;
   * `createdAt` (ms since epoch) is when the pairing was made, when that was before `connect`.
   */
  displayUri: [uri: string, createdAt?: number]
  /** The smart account in use is now deployed (its first transaction went on chain), or not on the network it moved to. */
  smartAccountDeployed: [deployed: boolean]
}

export type ConnectorEvent = keyof ConnectorEventMap

/**
 * One way to reach a wallet. Registered at startup, so it must stay small: load the heavy parts
 * (viem, a provider SDK) inside the async methods. It never touches the stores or the router:
 * `ConnectionController` calls it and records what it returns and reports.
 *
 * @example
 * const portico = createPortico({ networks, connectors: [myConnector] })
 * portico.addConnector(anotherConnector)            // or later
 */
export interface Connector {
  readonly id: string
  readonly name: string
  readonly type: ConnectorType
  readonly imageUrl?: string | undefined
  /** EIP-6963 reverse-DNS id, when the wallet has one (the listing then hides its catalogue entry). */
  readonly rdns?: string | undefined
  readonly namespaces: readonly Namespace[]
  /**
   * Optional, for a connector that can serve several families (WalletConnect): those it is
   * listed in for the app's `networks`. Without it, every one of `namespaces`.
   */
  namespacesFor?(networks: readonly Network[]): readonly Namespace[]
  /** Asks the wallet for its accounts (it may prompt). */
  connect(options: ConnectOptions): Promise<ConnectionResult>
  /**
   * Optional: loads what `connect` needs ahead of it, without a prompt (WalletConnect: its chunk,
   * the provider and the relay socket), so that the connect that follows starts sooner.
   */
  prepare?(context: ConnectorContext): Promise<void>
  /**
   * Optional: makes the pairing the next `connect` will show, without a prompt (WalletConnect: the
   * `wc:` URI and its proposal on the relay), so that `connect` shows it at once.
   */
  preparePairing?(context: ConnectorContext): Promise<void>
  /** Restores a connection without a prompt, as after a reload; `undefined` when no longer granted. */
  reconnect(options: { namespace: Namespace; context: ConnectorContext }): Promise<ConnectionResult | undefined>
  /**
   * Ends the connection on the wallet's side where it can (the controller stops listening first),
   * and closes every session it opened for it.
   */
  disconnect(): Promise<void>
  /**
   * Optional: lets go of whatever the connector holds open (a socket, a frame, a subscription)
   * without ending the wallet's session, as `portico.destroy()` does; the next call opens it again.
   */
  close?(): Promise<void>
  /** Moves the wallet to `network` (adding it first where the wallet needs that). */
  switchNetwork(network: Network): Promise<void>
  /** The wallet's provider for `namespace`, for the host app's own calls; `undefined` when not connected. */
  getProvider<N extends Namespace>(namespace: N): NamespaceProvider[N] | undefined
  /** Listens to an event; returns the function that stops listening. */
  on<E extends ConnectorEvent>(event: E, listener: (...args: ConnectorEventMap[E]) => void): () => void
}

/** What a connector source is handed: add a connector, remove one by id. */
export type ConnectorRegistry = {
  add(connector: Connector): void
  remove(id: string): void
}

/**
 * Connectors that come and go (EIP-6963 announcements, the Wallet Standard's registrations):
 * `watch` adds the current ones at once, keeps the registry up to date, and returns a stop function.
 */
export type ConnectorSource = {
  watch(registry: ConnectorRegistry): () => void
}

/** A connector or a source of connectors: what `createPortico({ connectors })` and `addConnector` take. */
export type ConnectorEntry = Connector | ConnectorSource
