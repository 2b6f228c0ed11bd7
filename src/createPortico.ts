import { subscribe } from 'valtio/vanilla'
import type { EIP1193Provider } from './connectors/eip6963'
import type { InjectedConnector } from './connectors/InjectedConnector'
import { type InjectedWallet, watchInjectedWallets } from './connectors/injectedWallets'
import { AccountController } from './controllers/AccountController'
import { ApiController } from './controllers/ApiController'
import { ChainController, type Namespace, type Network } from './controllers/ChainController'
import { type ConnectionClient, ConnectionController } from './controllers/ConnectionController'
import { type Connector, ConnectorController } from './controllers/ConnectorController'
import { ModalController, type OpenOptions } from './controllers/ModalController'
import { type Features, type Metadata, OptionsController } from './controllers/OptionsController'
import { RouterController, type RouterWallet } from './controllers/RouterController'
import { SiwxController, type SiwxSession } from './controllers/SiwxController'
import { SnackbarController } from './controllers/SnackbarController'
import { TransactionsController } from './controllers/TransactionsController'
import { StorageController } from './controllers/StorageController'
import { ThemeController, type ThemeMode, type ThemeVariables } from './controllers/ThemeController'
import type { PorticoActions } from './ui/PorticoActions'
import { walletListing } from './ui/walletListing'

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
  /** Sign-in with X: how to sign in once connected, and whether the app requires it. */
  siwx?: { required?: boolean; signIn(account: { address: string; chainId: string }): Promise<SiwxSession> }
  /**
   * Base URL of the wallet-infra and blockchain APIs (the reference backend of `dev/backend`, or
   * your own). Without it, the modal lists only `wallets` and the browser's wallets, and shows no
   * activity. Nothing is fetched before the modal first opens.
   */
  apiUrl?: string
  /** Look for EIP-6963 and `window.ethereum` wallets (default true in a browser). */
  discoverWallets?: boolean
}

export type AccountInfo = { address: string | undefined; isConnected: boolean; balance: string | undefined; balanceSymbol: string | undefined; namespace: Namespace | undefined }

/** A running Portico: the imperative API, and the actions `portico/react` hands to the views. */
export type Portico = {
  open(options?: OpenOptions): void
  close(): boolean
  /** The connected wallet's provider for a namespace (EIP-1193 for `eip155`). */
  getProvider(namespace?: Namespace): EIP1193Provider | undefined
  getAccount(): AccountInfo
  getNetwork(): Network | undefined
  setThemeMode(mode: ThemeMode): void
  setThemeVariables(variables: ThemeVariables): void
  /** Calls `listener` whenever the account (address, balance) changes. Returns an unsubscribe function. */
  subscribeAccount(listener: (account: AccountInfo) => void): () => void
  subscribeNetwork(listener: (network: Network | undefined) => void): () => void
  subscribeModal(listener: (state: { open: boolean }) => void): () => void
  readonly actions: PorticoActions
  /** Stops watching for wallets and forgets the connection listeners. */
  destroy(): void
}

const EIP155 = 'eip155' as const

/**
 * Sets up Portico: options into the stores, browser wallets discovered and registered, and the
 * actions the modal's views call. Framework-free; `portico/react` renders it.
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
  SiwxController.configure(options.siwx ? { required: options.siwx.required ?? false } : undefined)
  walletListing.wallets = [...(options.wallets ?? [])]

  const injected = new Map<string, InjectedWallet>()
  let active: InjectedConnector | undefined
  let pending: AbortController | undefined

  const watcher =
    options.discoverWallets !== false && typeof window !== 'undefined'
      ? watchInjectedWallets({
          onChange(wallets) {
            for (const old of injected.keys()) if (!wallets.some((w) => w.id === old)) ConnectorController.removeConnector(old, EIP155)
            injected.clear()
            for (const wallet of wallets) {
              injected.set(wallet.id, wallet)
              ConnectorController.addConnector({
                id: wallet.id, type: wallet.source, name: wallet.name, imageUrl: wallet.icon, chain: EIP155,
                chains: ChainController.getNetworks(EIP155), info: wallet.rdns ? { rdns: wallet.rdns } : {},
              })
            }
          },
        })
      : undefined
  for (const wallet of watcher?.wallets() ?? []) injected.set(wallet.id, wallet)

  const stopAbortOnClose = subscribe(ModalController.state, () => {
    if (!ModalController.state.open) pending?.abort()
  })

  async function refreshBalance() {
    const address = AccountController.getAccount(EIP155)?.address
    const network = ChainController.getActiveNetwork(EIP155)
    if (!active || !address || !network) return
    try {
      const wei = BigInt((await active.provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })) as string)
      AccountController.setBalance(EIP155, formatUnits(wei, network.nativeCurrency.decimals), network.nativeCurrency.symbol)
    } catch {
      // The balance is a nicety; the account stays usable without it.
    }
  }

  function followChain(chainId: number) {
    const id = `eip155:${chainId}`
    // The connection records where the wallet is, supported or not (the connect button says so).
    const activeId = ConnectorController.state.activeConnectorIds[EIP155]
    const connection = ConnectionController.get(EIP155).connections.find((c) => c.connectorId === activeId)
    if (connection && connection.caipNetworkId !== id) ConnectionController.addConnection(EIP155, { ...connection, caipNetworkId: id })
    if (ChainController.isSupported(id)) {
      ChainController.setActiveNetwork(id)
      void refreshBalance()
    } else {
      ModalController.open({ view: 'UnsupportedChain', data: { network: id } })
    }
  }

  /** What the connection store asks of the connectors: here, the browser's injected wallets. */
  const connectionClient: ConnectionClient = {
    async connectExternal(connector: Connector, { namespace }) {
      const wallet = injected.get(connector.id.toLowerCase()) ?? injected.get(connector.id)
      if (!wallet || namespace !== EIP155) throw new Error(`${connector.name} is not available in this browser.`)
      const { InjectedConnector } = await import('./connectors/InjectedConnector')
      const next = new InjectedConnector(wallet)
      pending?.abort()
      const controller = (pending = new AbortController())
      // Restoring after a reload never prompts: the wallet either still grants the site or not.
      const connection = restoring ? await next.reconnect() : await next.connect({ signal: controller.signal })
      if (!connection) throw new Error(`${connector.name} no longer grants this site an account.`)
      const { accounts, chainId } = connection
      if (pending === controller) pending = undefined
      active = next
      next.setEvents({
        onAccounts: (list) => {
          ConnectionController.updateAccounts(EIP155, wallet.id, list.map((address) => ({ address, type: 'eoa' })))
          void refreshBalance()
        },
        onChain: followChain,
        onDisconnect: () => ConnectionController.removeConnection(EIP155, wallet.id),
      })
      const id = `eip155:${chainId}`
      ConnectionController.setConnected(
        EIP155,
        { connectorId: wallet.id, accounts: accounts.map((address) => ({ address, type: 'eoa' })), caipNetworkId: id },
        { id: wallet.id, name: wallet.name },
      )
      AccountController.setAllAccounts(EIP155, accounts.map((address) => ({ namespace: EIP155, address, type: 'eoa' })))
      ChainController.setActiveNamespace(EIP155)
      if (!ModalController.state.open) return void (ChainController.isSupported(id) && followChain(chainId))
      if (!ChainController.isSupported(id)) return RouterController.reset('UnsupportedChain', { network: id })
      followChain(chainId)
      if (SiwxController.isSignInPending()) RouterController.reset('SIWXSignMessage')
      else ModalController.close()
    },
    async connectWalletConnect() {
      throw new Error('WalletConnect is not set up for this app yet. Use a browser wallet instead.')
    },
    async setPreferredAccountType() {
      throw new Error('Account types need the email wallet, which this app does not use.')
    },
    async disconnect() {
      const connector = active
      active = undefined
      await connector?.disconnect()
    },
  }
  ConnectionController.setClient(connectionClient)
  // Sending, balances and their refresh load in their own chunk, off the first load.
  let destroyed = false
  let stopJourney = () => {}
  void import('./startWalletJourney').then(({ startWalletJourney }) => {
    if (!destroyed) stopJourney = startWalletJourney(() => active?.provider)
  })

  // A reload while connected: reconnect (silently) the wallets that connected and were not
  // disconnected. The namespace shows `connecting` from here on, so no disconnected state flashes.
  let restoring = StorageController.getConnectorsToRestore().length > 0
  if (restoring) void ConnectionController.restore().finally(() => (restoring = false))

  const stopOnDisconnect = ConnectionController.onDisconnect(() => {
    active = undefined
    SiwxController.setSessions([])
    TransactionsController.reset()
    SnackbarController.hide()
    RouterController.reset('Connect')
    ModalController.close()
  })

  // The listing and history clients load with the first open, and the listing fills in after the
  // Connect view is already shown.
  let apisLoaded: Promise<void> | undefined
  const loadApis = () =>
    (apisLoaded ??= (async () => {
      if (!options.apiUrl) return
      const sdk = { baseUrl: options.apiUrl, projectId: OptionsController.state.projectId, sdkType: OptionsController.state.sdkType, sdkVersion: OptionsController.state.sdkVersion }
      const [{ WalletInfraApi }, { BlockchainApi }, { TokenBalancesController }] = await Promise.all([
        import('./api/WalletInfraApi'),
        import('./api/BlockchainApi'),
        import('./controllers/TokenBalancesController'),
      ])
      ApiController.setClient(new WalletInfraApi(sdk))
      const blockchain = new BlockchainApi(sdk)
      TransactionsController.setClient(blockchain)
      TokenBalancesController.setClient(blockchain)
    })())
  ApiController.configure({
    featuredWalletIds: options.featuredWalletIds ?? [],
    chains: options.networks.map((n) => n.caipNetworkId),
    namespace: ChainController.state.activeNamespace,
  })
  const stopOnOpen = ModalController.onOpen(async () => {
    await loadApis()
    if (!options.apiUrl) return
    ApiController.configure({ excludedRdns: [...injected.values()].flatMap((w) => (w.rdns ? [w.rdns] : [])) })
    const s = ApiController.state
    await Promise.allSettled([
      s.recommended.length === 0 ? ApiController.fetchRecommendedWallets() : undefined,
      s.featured.length === 0 ? ApiController.fetchFeaturedWallets() : undefined,
      s.page === 0 ? ApiController.fetchWalletsByPage({ page: 1 }) : undefined,
    ])
  })

  const actions: PorticoActions = {
    async switchNetwork(caipNetworkId) {
      const network = ChainController.getNetwork(caipNetworkId)
      if (!network) throw new Error(`Network not supported: ${caipNetworkId}`)
      if (active && network.chainNamespace === EIP155) {
        await active.switchChain({ id: Number(network.id), name: network.name, rpcUrls: network.rpcUrls.default.http, nativeCurrency: network.nativeCurrency })
      }
      ChainController.setActiveNetwork(caipNetworkId)
      void refreshBalance()
    },

    async signIn() {
      const account = AccountController.getAccount()
      const network = ChainController.getActiveNetwork()
      if (!options.siwx || !account || !network) throw new Error('Sign-in is not set up for this app.')
      SiwxController.addSession(await options.siwx.signIn({ address: account.address, chainId: network.caipNetworkId }))
      ModalController.close()
    },
  }


  return {
    actions,
    open: (openOptions) => ModalController.open(openOptions),
    close: () => ModalController.close(),
    getProvider: (namespace = EIP155) => (namespace === EIP155 ? active?.provider : undefined),
    getAccount: readAccountInfo,
    getNetwork: () => ChainController.getActiveNetwork(),
    setThemeMode: (mode) => ThemeController.setThemeMode(mode),
    setThemeVariables: (variables) => ThemeController.setThemeVariables(variables),
    subscribeAccount: (listener) => subscribe(AccountController.state, () => listener(readAccountInfo())),
    subscribeNetwork: (listener) => subscribe(ChainController.state, () => listener(ChainController.getActiveNetwork())),
    subscribeModal: (listener) => subscribe(ModalController.state, () => listener({ open: ModalController.state.open })),
    destroy() {
      watcher?.stop()
      stopAbortOnClose()
      stopOnDisconnect()
      destroyed = true
      stopJourney()
      stopOnOpen()
      ConnectionController.setClient(undefined)
      pending?.abort()
    },
  }
}

/** `wei` as a decimal string with `decimals` places moved (like viem's `formatUnits`, without loading viem). */
function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** The active namespace's account as the hooks and `subscribeAccount` report it. */
export function readAccountInfo(): AccountInfo {
  const info = AccountController.get()
  return {
    address: info?.account?.address,
    isConnected: AccountController.isConnected(),
    balance: info?.balance,
    balanceSymbol: info?.balanceSymbol,
    namespace: ChainController.state.activeNamespace,
  }
}
