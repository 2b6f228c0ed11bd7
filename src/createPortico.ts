import { subscribe } from 'valtio/vanilla'
import type { ConnectorEntry, EIP1193Provider } from './connectors/Connector'
import { injectedConnectors } from './connectors/injected/injectedConnectors'
import { AccountController, type AccountInfo } from './controllers/AccountController'
import { ChainController, type Namespace, type Network } from './controllers/ChainController'
import { ConnectionController } from './controllers/ConnectionController'
import { ConnectorController } from './controllers/ConnectorController'
import { ModalController, type OpenOptions } from './controllers/ModalController'
import { type Features, type Metadata, OptionsController } from './controllers/OptionsController'
import type { RouterWallet } from './controllers/RouterController'
import { type SiwxSession, SiwxController } from './controllers/SiwxController'
import { StorageController } from './controllers/StorageController'
import { ThemeController, type ThemeMode, type ThemeVariables } from './controllers/ThemeController'
import { startApis } from './startApis'
import { type SiwxOptions, startSiwx } from './startSiwx'
import { walletListing } from './ui/walletListing'

export type { AccountInfo } from './controllers/AccountController'
export type { SiwxSession } from './controllers/SiwxController'
export type { SiwxOptions } from './startSiwx'
export type { SiwxBackend } from './siwx/SiwxBackend'

export type PorticoOptions = {
  /** The networks the app supports; the first (or Ethereum mainnet if listed) starts active. */
  networks: readonly Network[]
  projectId?: string
  metadata?: Metadata
  features?: Partial<Features>
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
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
  /** Look for EIP-6963 and `window.ethereum` wallets (default true in a browser). */
  discoverWallets?: boolean
  /** More connectors, or sources of connectors, registered beside the browser's wallets. */
  connectors?: readonly ConnectorEntry[]
}

/** A running Portico: the imperative API that `portico/react` and the host app use. */
export type Portico = {
  open(options?: OpenOptions): void
  close(): boolean
  /** The connected wallet's provider for a namespace (EIP-1193 for `eip155`). */
  getProvider(namespace?: Namespace): EIP1193Provider | undefined
  getAccount(): AccountInfo
  getNetwork(): Network | undefined
  /** Asks the connected wallet to switch to a CAIP-2 network of the app, then makes it active. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** Registers a connector (or a source of them) after start; returns the function that removes it. */
  addConnector(entry: ConnectorEntry): () => void
  setThemeMode(mode: ThemeMode): void
  setThemeVariables(variables: ThemeVariables): void
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
  /** Stops watching for wallets, unregisters the connectors and stops the API loading. */
  destroy(): void
}

/**
 * Sets up Portico: options into the stores, the connectors registered (the browser's wallets
 * first), the API clients pointed at `apiUrl`, and a connection of an earlier visit restored.
 * Framework-free; `portico/react` renders it.
 *
 * @example
 * const portico = createPortico({ networks: [mainnet], metadata: { name: 'My app', … } })
 * portico.open()
 * portico.subscribeAccount(({ address }) => console.log(address))
 */
export function createPortico(options: PorticoOptions): Portico {
  OptionsController.setOptions({
    ...(options.projectId !== undefined && { projectId: options.projectId }),
    ...(options.metadata && { metadata: options.metadata }),
    ...(options.features && { features: options.features }),
  })
  ChainController.setNetworks(options.networks)
  if (options.themeMode) ThemeController.setThemeMode(options.themeMode)
  if (options.themeVariables) ThemeController.setThemeVariables(options.themeVariables)
  startSiwx(options)
  walletListing.wallets = [...(options.wallets ?? [])]

  const discover = options.discoverWallets !== false && typeof window !== 'undefined'
  const entries = [...(discover ? [injectedConnectors()] : []), ...(options.connectors ?? [])]
  const unregister = entries.map((entry) => ConnectorController.register(entry))
  const stopApis = startApis(options)
  // Sending and its refreshes load in their own chunk, off the first load.
  let stopJourney: (() => void) | undefined
  let destroyed = false
  void import('./startWalletJourney').then(({ startWalletJourney }) => {
    if (!destroyed) stopJourney = startWalletJourney()
  })
  if (StorageController.getConnectorsToRestore().length > 0) void ConnectionController.restore()

  const switchNetwork = (caipNetworkId: string) => ConnectionController.switchNetwork(caipNetworkId)
  return {
    actions: { switchNetwork },
    siwx: {
      getSessions: () => SiwxController.getSessions(),
      signOut: () => ConnectionController.signOut(),
    },
    switchNetwork,
    addConnector(entry) {
      const stop = ConnectorController.register(entry)
      unregister.push(stop)
      return stop
    },
    open: (openOptions) => ModalController.open(openOptions),
    close: () => ModalController.close(),
    getProvider: (namespace = 'eip155') => (namespace === 'eip155' ? ConnectionController.getProvider('eip155') : undefined),
    getAccount: () => AccountController.getAccountInfo(),
    getNetwork: () => ChainController.getActiveNetwork(),
    setThemeMode: (mode) => ThemeController.setThemeMode(mode),
    setThemeVariables: (variables) => ThemeController.setThemeVariables(variables),
    subscribeAccount: (listener) => subscribe(AccountController.state, () => listener(AccountController.getAccountInfo())),
    subscribeNetwork: (listener) => subscribe(ChainController.state, () => listener(ChainController.getActiveNetwork())),
    subscribeModal: (listener) => subscribe(ModalController.state, () => listener({ open: ModalController.state.open })),
    destroy() {
      destroyed = true
      stopJourney?.()
      stopApis()
      for (const stop of unregister.splice(0)) stop()
    },
  }
}
