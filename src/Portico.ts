import type { ConnectorEntry, NamespaceProvider } from './connectors/Connector'
import type { Stores } from './controllers/stores'
import type { AccountInfo } from './controllers/AccountController'
import type { Namespace, Network } from './controllers/ChainController'
import type { OpenOptions } from './controllers/ModalController'
import type { Features, Metadata } from './controllers/OptionsController'
import type { RouterWallet } from './controllers/RouterController'
import type { SiwxSession } from './controllers/SiwxController'
import type { Locale } from './controllers/LocaleController'
import type { ThemeMode, ThemeVariables } from './controllers/ThemeController'
import type { SiwxOptions } from './features/siwx'
import type { SolanaOptions } from './features/solana'

/** What `createPortico` takes. */
export type PorticoOptions = {
  /** The networks the app supports; the first (or Ethereum mainnet if listed) starts active. */
  networks: readonly Network[]
  projectId?: string
  metadata?: Metadata
  features?: Partial<Features>
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  /**
   * The modal's language: a BCP 47 tag or a list in order of preference (default:
   * `navigator.languages`). Unsupported tags fall back from region to language to English.
   */
  locale?: string | readonly string[]
  /** Wallets to list besides those found in the browser (until the wallet-listing API is wired). */
  wallets?: readonly RouterWallet[]
  featuredWalletIds?: readonly string[]
  /**
   * Sign in with X after connecting: whether the app requires it, the message's statement, and
   * the server that verifies it (the reference backend at `apiUrl` unless `backend` is given).
   */
  siwx?: SiwxOptions
  /**
   * Base URL of the wallet-infra and blockchain APIs (the reference backend of `dev/backend`, or
   * your own). Without it, the modal lists only `wallets` and the browser's wallets, and shows no
   * activity. Nothing is fetched before the modal first opens.
   */
  apiUrl?: string
  /**
   * Chain ids where the Swap view quotes through `apiUrl`'s convert API (default: the networks the
   * hosted API supports, `SWAP_CHAIN_IDS`); other networks say 'Network not supported for Swaps'.
   */
  swapChainIds?: readonly number[]
  /** Look for EIP-6963 and `window.ethereum` wallets (default true in a browser). */
  discoverWallets?: boolean
  /** More connectors, or sources of connectors, registered beside the browser's wallets. */
  connectors?: readonly ConnectorEntry[]
  /** Solana (when `networks` lists a Solana network): SPL tokens to show by name. */
  solana?: SolanaOptions
}

/** A running Portico: the imperative API that `portico/react` and the host app use. */
export type Portico = {
  open(options?: OpenOptions): void
  close(): boolean
  /**
   * The connected wallet's provider for a namespace: EIP-1193 for `eip155` (the default), the
   * Wallet Standard wallet wrapped as Solana apps expect for `solana` (`publicKey`, `signMessage`,
   * `signTransaction`, `signAndSendTransaction`), and for `bip122` the Bitcoin wallet (`payment`,
   * `signPsbt`, `signMessage`).
   */
  getProvider(namespace: 'solana'): NamespaceProvider['solana'] | undefined
  getProvider(namespace: 'bip122'): NamespaceProvider['bip122'] | undefined
  getProvider(namespace?: 'eip155'): NamespaceProvider['eip155'] | undefined
  getAccount(): AccountInfo
  getNetwork(): Network | undefined
  /** Asks the connected wallet to switch to a CAIP-2 network of the app, then makes it active. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** Disconnects the wallet in use (of the active namespace), as the Account view's Disconnect does. */
  disconnect(): Promise<void>
  /** Registers a connector (or a source of them) after start; returns the function that removes it. */
  addConnector(entry: ConnectorEntry): () => void
  setThemeMode(mode: ThemeMode): void
  setThemeVariables(variables: ThemeVariables): void
  /**
   * Switches the modal's language (it re-renders in place once the locale's chunk has loaded);
   * resolves to the locale shown. Throws `LocaleError` for an invalid tag.
   *
   * @example
   * await portico.setLocale('pt-PT') // 'pt-BR'
   */
  setLocale(locale: string | readonly string[]): Promise<Locale>
  /** The locale the modal shows. */
  getLocale(): Locale
  /** Calls `listener` whenever the account (address, balance) changes. Returns an unsubscribe function. */
  subscribeAccount(listener: (account: AccountInfo) => void): () => void
  subscribeNetwork(listener: (network: Network | undefined) => void): () => void
  subscribeModal(listener: (state: { open: boolean }) => void): () => void
  /** Sign-in sessions (when `siwx` is configured). */
  readonly siwx: {
    /** The live sessions this browser holds, one per signed-in network and address. */
    getSessions(): SiwxSession[]
    /** Ends every session (on the backend too); when sign-in is required, the wallet disconnects. */
    signOut(): Promise<void>
  }
  /** The same `switchNetwork`, where earlier versions put it. */
  readonly actions: { switchNetwork(caipNetworkId: string): Promise<void> }
  /**
   * This Portico's stores (`createStores`): what `<PorticoProvider>` hands its views and hooks, each
   * store read with `stores.get(createXController)`. Another Portico keeps its own.
   */
  readonly stores: Stores
  /** Stops watching for wallets, unregisters the connectors and stops the API loading. */
  destroy(): void
}
