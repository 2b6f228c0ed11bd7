import { ChainController } from '../../controllers/ChainController'
import type { CaipNetworkId, Namespace, Network } from '../../controllers/Network'
import { OptionsController } from '../../controllers/OptionsController'
import type { ConnectionResult, ConnectOptions, Connector, NamespaceProvider } from '../Connector'
import { connectorEvents } from '../connectorEvents'
import { NAMESPACE_METHODS, proposalNamespaces, servedNamespaces } from './walletConnectNamespaces'
import type { WalletConnectSession } from './WalletConnectSession'

/** The app as the wallet shows it in the proposal. */
export type WalletConnectMetadata = { name: string; description: string; url: string; icons: string[] }

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
 * imported when the modal asks for a URI or a reload restores the session.
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
  #session: Promise<WalletConnectSession> | undefined

  constructor(options: WalletConnectOptions) {
    if (options.relayUrl !== undefined && !/^wss?:\/\/[^/]/.test(options.relayUrl)) {
      throw new TypeError(`WalletConnect's relayUrl must be a ws:// or wss:// URL, got ${JSON.stringify(options.relayUrl)}`)
    }
    this.#options = options
    this.name = options.name ?? 'WalletConnect'
    this.imageUrl = options.imageUrl
  }

  /**
   * The chain families the connector proposes: those of its `networks`, else those of the app's
   * networks (read when the connector is registered, after the app's networks are set).
   */
  get namespaces(): readonly Namespace[] {
    const served = servedNamespaces(this.#options.networks ?? ChainController.state.networks)
    return served.length > 0 ? served : ['eip155']
  }

  readonly on = this.#events.on

  async connect(options: ConnectOptions): Promise<ConnectionResult> {
    const session = await this.#load()
    const networks = this.#options.networks ?? (Object.keys(NAMESPACE_METHODS) as Namespace[]).flatMap((namespace) => ChainController.getNetworks(namespace))
    const request = proposalNamespaces(networks, { required: this.#options.requiredNetworks ?? [] })
    const result = await session.connect(request, options)
    await this.#loadSolana(session)
    return result
  }

  /** Loads the WalletConnect chunk and starts the provider on the relay (no pairing, no prompt). */
  async prepare(): Promise<void> {
    await this.#load()
  }

  async reconnect(options: { namespace: Namespace }): Promise<ConnectionResult | undefined> {
    const session = await this.#load()
    await this.#loadSolana(session)
    return session.restore(options.namespace)
  }

  async disconnect(): Promise<void> {
    if (this.#session) await (await this.#session).disconnect()
  }

  async switchNetwork(network: Network): Promise<void> {
    await (await this.#load()).switchNetwork(network)
  }

  /**
   * Lets go of the relay connection without ending the session, as when the page goes away
   * (the next load restores the session from storage). Loads nothing when nothing was loaded.
   */
  async close(): Promise<void> {
    const session = this.#session
    this.#session = undefined
    this.#loaded = undefined
    if (session) await (await session.catch(() => undefined))?.close()
  }

  getProvider<N extends Namespace>(namespace: N): NamespaceProvider[N] | undefined {
    const session = this.#loaded
    if (!session?.connected) return undefined
    if (namespace === 'eip155') return session.namespaces().includes('eip155') ? (session.eip1193 as NamespaceProvider[N]) : undefined
    const account = namespace === 'solana' && this.#solana ? session.account('solana') : undefined
    if (!account || !this.#solana) return undefined
    const request = (method: string, params: unknown, chainId: CaipNetworkId) => session.request(method, params, chainId)
    return this.#solana.walletConnectSolanaProvider(request, account.address, account.chainId) as NamespaceProvider[N]
  }

  /** The Solana provider's module (web3.js with it), loaded once a session holds a Solana account, so that `getProvider` stays synchronous. */
  #solana: typeof import('./walletConnectSolana') | undefined

  async #loadSolana(session: WalletConnectSession): Promise<void> {
    if (session.namespaces().includes('solana')) this.#solana ??= await import('./walletConnectSolana')
  }

  /** The session once loaded (synchronous access for `getProvider`). */
  #loaded: WalletConnectSession | undefined

  /** The provider, loaded and started once; a failed start is tried again on the next call. */
  #load(): Promise<WalletConnectSession> {
    this.#session ??= (async () => {
      const projectId = this.#options.projectId || OptionsController.state.projectId
      if (!projectId) throw new TypeError('WalletConnect needs a projectId (in walletConnect({ projectId }) or createPortico({ projectId }))')
      const { WalletConnectSession } = await import('./WalletConnectSession')
      const emit = this.#events.emit
      const session = await WalletConnectSession.create(
        { projectId, relayUrl: this.#options.relayUrl, metadata: this.#options.metadata ?? appMetadata(), storagePrefix: this.#options.storagePrefix },
        {
          onUri: (uri) => emit('displayUri', uri),
          onAccounts: (accounts) => emit('accountsChanged', accounts, 'eip155'),
          onChain: (chainId) => emit('chainChanged', chainId),
          onDisconnect: (error) => emit('disconnect', error),
        },
      )
      return (this.#loaded = session)
    })()
    this.#session.catch(() => {
      this.#session = undefined
    })
    return this.#session
  }
}

/** The app's metadata from `createPortico`, else the page itself. */
function appMetadata(): WalletConnectMetadata {
  const app = OptionsController.state.metadata
  if (app) return { name: app.name, description: app.description, url: app.url, icons: [...app.icons] }
  const origin = globalThis.location?.origin ?? 'http://localhost'
  return { name: globalThis.document?.title || origin, description: '', url: origin, icons: [] }
}
