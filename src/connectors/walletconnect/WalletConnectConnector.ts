import { ConnectorConfigError } from '../../errors/ConnectorConfigError'
import type { CaipNetworkId, Namespace, Network } from '../../networks/Network'
import type { BitcoinAccount, BitcoinWalletProvider } from '../bitcoin/BitcoinWalletProvider'
import type { AppMetadata, ConnectionResult, ConnectOptions, Connector, ConnectorContext, NamespaceProvider } from '../Connector'
import { connectorEvents } from '../connectorEvents'
import { lazySession } from '../lazySession'
import { NAMESPACE_METHODS, proposalNamespaces, servedNamespaces } from './walletConnectNamespaces'
import type { WalletConnectSession } from './WalletConnectSession'

/** The app as the wallet shows it in the proposal. */
export type WalletConnectMetadata = AppMetadata

export type WalletConnectOptions = {
  /** The project id sent to the relay (default: the app's `projectId`; a self-hosted relay may take any). */
  projectId?: string
  /** The relay's `ws://` or `wss://` URL; WalletConnect's public relay when left out. */
  relayUrl?: string
  /** The app's name, description, URL and icons for the proposal (default: the app's metadata, else the page's title and origin). */
  metadata?: WalletConnectMetadata
  /** The networks to propose, each one's first RPC URL in `rpcMap` (default: the app's networks at connect time). */
  networks?: readonly Network[]
  /** Networks the wallet must support to connect at all (default none: every network is optional). */
  requiredNetworks?: readonly CaipNetworkId[]
  /** The name and icon of the entry in the wallet lists. */
  name?: string
  imageUrl?: string
  /** Prefix of the provider's stored pairings and sessions (two apps on one origin keep theirs apart). */
  storagePrefix?: string
}

/**
 * WalletConnect as a {@link Connector}: a QR code or deep link pairs a wallet on another device
 * through a relay. Registered at startup with nothing of WalletConnect loaded; the provider is
 * imported when the modal preloads (`prepare`) or opens (`preparePairing`), when it asks for a
 * URI, or when a reload restores the session.
 *
 * @example
 * const connector = new WalletConnectConnector({ projectId, relayUrl: 'ws://127.0.0.1:4444', networks })
 * connector.on('displayUri', (uri) => showQr(uri))
 * const { accounts } = await connector.connect({ namespace: 'eip155' })
 */
export class WalletConnectConnector implements Connector {
  readonly id = 'walletConnect'
  readonly type = 'walletConnect' as const
  readonly name: string
  readonly imageUrl: string | undefined
  readonly #options: WalletConnectOptions
  readonly #events = connectorEvents()
  readonly #session = lazySession<WalletConnectSession>((session) => session.close())

  constructor(options: WalletConnectOptions) {
    if (options.relayUrl !== undefined && !/^wss?:\/\/[^/]/.test(options.relayUrl)) {
      throw new ConnectorConfigError('relayUrlNotWebSocket', { value: JSON.stringify(options.relayUrl) })
    }
    this.#options = options
    this.name = options.name ?? 'WalletConnect'
    this.imageUrl = options.imageUrl
  }

  /**
   * The chain families the connector can propose: those of its `networks`, else every family
   * WalletConnect serves here (the modal lists it in those of them the app has networks in).
   */
  get namespaces(): readonly Namespace[] {
    const served = this.#options.networks ? servedNamespaces(this.#options.networks) : (Object.keys(NAMESPACE_METHODS) as Namespace[])
    return served.length > 0 ? served : ['eip155']
  }

  /** Those of `namespaces` the app has networks in (else eip155). */
  namespacesFor(networks: readonly Network[]): readonly Namespace[] {
    const served = this.#options.networks ? this.namespaces : servedNamespaces(networks)
    return served.length > 0 ? served : ['eip155']
  }

  readonly on = this.#events.on

  async connect(options: ConnectOptions): Promise<ConnectionResult> {
    const session = await this.#load(options.context)
    const result = await session.connect(this.#proposal(options.context), options)
    await this.#loadFamilies(session)
    return result
  }

  /** Loads the WalletConnect chunk and starts the provider on the relay (no pairing, no prompt). */
  async prepare(context: ConnectorContext): Promise<void> {
    await this.#load(context)
  }

  /**
   * Loads and starts the provider, then makes the pairing (URI and proposal) that the next
   * `connect` shows at once; the wallet sees nothing until the visitor scans or taps it. Does
   * nothing while a session is live.
   */
  async preparePairing(context: ConnectorContext): Promise<void> {
    const session = await this.#load(context)
    session.preparePairing(this.#proposal(context))
  }

  /** Whether a pairing made by `preparePairing` has its URI ready (resolves once it is known). */
  get pairingPrepared(): Promise<boolean> {
    return this.#session.current?.pairingPrepared ?? Promise.resolve(false)
  }

  /** What the wallet is asked for: the connector's `networks`, else the app's that WalletConnect serves. */
  #proposal(context: ConnectorContext) {
    const served = new Set<string>(Object.keys(NAMESPACE_METHODS))
    const networks = this.#options.networks ?? context.networks.filter((network) => served.has(network.chainNamespace))
    return proposalNamespaces(networks, { required: this.#options.requiredNetworks ?? [] })
  }

  async reconnect(options: { namespace: Namespace; context: ConnectorContext }): Promise<ConnectionResult | undefined> {
    const session = await this.#load(options.context)
    await this.#loadFamilies(session)
    return session.restore(options.namespace)
  }

  /** Ends the WalletConnect session, then lets go of the relay connection (the next connect opens it again). */
  async disconnect(): Promise<void> {
    const session = this.#session.started
    if (!session) return
    try {
      await (await session).disconnect()
    } finally {
      await this.#session.close()
    }
  }

  async switchNetwork(network: Network): Promise<void> {
    const session = this.#session.current
    if (!session) throw new ConnectorConfigError('notConnected', { connector: this.name })
    await session.switchNetwork(network)
  }

  /**
   * Lets go of the relay connection without ending the session, as when the page goes away
   * (the next load restores the session from storage). Loads nothing when nothing was loaded.
   */
  close(): Promise<void> {
    return this.#session.close()
  }

  getProvider<N extends Namespace>(namespace: N): NamespaceProvider[N] | undefined {
    const session = this.#session.current
    if (!session?.connected) return undefined
    if (namespace === 'eip155') return session.namespaces().includes('eip155') ? (session.eip1193 as NamespaceProvider[N]) : undefined
    if (namespace === 'bip122') return this.#bitcoinProvider(session) as NamespaceProvider[N] | undefined
    const account = namespace === 'solana' && this.#solana ? session.account('solana') : undefined
    if (!account || !this.#solana) return undefined
    const request = (method: string, params: unknown, chainId: CaipNetworkId) => session.request(method, params, chainId)
    return this.#solana.walletConnectSolanaProvider(request, account.address, account.chainId) as NamespaceProvider[N]
  }

  /** The Solana provider's module (web3.js with it), loaded once a session holds a Solana account, so that `getProvider` stays synchronous. */
  #solana: typeof import('./walletConnectSolana') | undefined

  /**
   * The Bitcoin provider's module, loaded once a session holds a Bitcoin account; the account's
   * addresses as the wallet listed them last: its answer to `getAccountAddresses`, then each
   * `bip122_addressesChanged` (an answer to a request sent before the last event does not replace it).
   */
  #bitcoin: typeof import('./walletConnectBitcoin') | undefined
  #bitcoinAddresses: { key: string; accounts: readonly BitcoinAccount[] } | undefined
  #bitcoinEvents = 0

  /** Loads the modules of the chain families the session holds beside eip155 (nothing for an EVM-only session). */
  async #loadFamilies(session: WalletConnectSession): Promise<void> {
    const namespaces = session.namespaces()
    if (namespaces.includes('solana')) this.#solana ??= await import('./walletConnectSolana')
    if (namespaces.includes('bip122')) {
      const bitcoin = (this.#bitcoin ??= await import('./walletConnectBitcoin'))
      const account = session.account('bip122')
      if (!account) return
      const key = `${account.chainId}:${account.address}`
      const events = this.#bitcoinEvents
      // Not awaited: a wallet that is away must not hold the connection up; until it answers, the session's address stands alone.
      bitcoin.readAccountAddresses(this.#sessionRequest(session), account.address, account.chainId).then(
        (accounts) => {
          if (accounts && this.#session.current === session && this.#bitcoinEvents === events) this.#bitcoinAddresses = { key, accounts }
        },
        () => undefined,
      )
    }
  }

  /**
   * The wallet's `bip122_addressesChanged`: a list of the session account's addresses (checked as
   * `getAccountAddresses`' answer is) replaces the known ones, and the connection hears
   * `accountsChanged` with the session's accounts, unchanged, so that it reads the balance again.
   * The account in use stays: an account switch comes as a `session_update`. Anything else is ignored.
   */
  async #onBitcoinAddresses(data: unknown, accounts: readonly string[]): Promise<void> {
    const session = this.#session.current
    const account = session?.account('bip122')
    if (!session || !account) return
    const bitcoin = (this.#bitcoin ??= await import('./walletConnectBitcoin'))
    const listed = bitcoin.parseAccountAddresses(data, account.address)
    const now = session.account('bip122')
    if (!listed || this.#session.current !== session || now?.address !== account.address) return
    this.#bitcoinEvents += 1
    this.#bitcoinAddresses = { key: `${now.chainId}:${now.address}`, accounts: listed }
    this.#events.emit('accountsChanged', accounts, 'bip122')
  }

  #bitcoinProvider(session: WalletConnectSession): BitcoinWalletProvider | undefined {
    const account = session.account('bip122')
    if (!account || !this.#bitcoin) return undefined
    const known = this.#bitcoinAddresses?.key === `${account.chainId}:${account.address}` ? this.#bitcoinAddresses.accounts : undefined
    return this.#bitcoin.walletConnectBitcoinProvider(this.#sessionRequest(session), account.address, account.chainId, known)
  }

  #sessionRequest(session: WalletConnectSession) {
    return (method: string, params: unknown, chainId: CaipNetworkId) => session.request(method, params, chainId)
  }

  /** The provider, loaded and started once; a failed start is tried again on the next call. */
  #load(context: ConnectorContext): Promise<WalletConnectSession> {
    return this.#session.get(async () => {
      const projectId = this.#options.projectId || context.projectId
      if (!projectId) throw new ConnectorConfigError('projectIdMissing', { connector: 'WalletConnect', option: 'walletConnect({ projectId })' })
      const { WalletConnectSession } = await import('./WalletConnectSession')
      const emit = this.#events.emit
      return WalletConnectSession.create(
        { projectId, relayUrl: this.#options.relayUrl, metadata: this.#options.metadata ?? appMetadata(context.metadata), storagePrefix: this.#options.storagePrefix },
        {
          onUri: (uri, createdAt) => emit('displayUri', uri, createdAt),
          onAccounts: (accounts, namespace) => emit('accountsChanged', accounts, namespace),
          onChain: (chainId) => emit('chainChanged', chainId),
          onBitcoinAddresses: (data, accounts) => void this.#onBitcoinAddresses(data, accounts).catch(() => undefined),
          onDisconnect: (error) => emit('disconnect', error),
        },
      )
    })
  }
}

/** The app's metadata from `createPortico`, else the page itself. */
function appMetadata(app: AppMetadata | undefined): AppMetadata {
  if (app) return { name: app.name, description: app.description, url: app.url, icons: [...app.icons] }
  const origin = globalThis.location?.origin ?? 'http://localhost'
  return { name: globalThis.document?.title || origin, description: '', url: origin, icons: [] }
}
