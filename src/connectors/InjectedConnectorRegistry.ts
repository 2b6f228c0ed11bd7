import type { Address, CustomTransport } from 'viem'
import { AccountController } from '../controllers/AccountController'
import { ChainController } from '../controllers/ChainController'
import { ConnectionController } from '../controllers/ConnectionController'
import { ConnectorController, type Connector } from '../controllers/ConnectorController'
import type { Namespace, Network } from '../controllers/Network'
import type { EIP1193Provider } from './eip6963'
import { InjectedConnector, type InjectedConnection } from './InjectedConnector'
import { watchInjectedWallets, type InjectedWallet } from './injectedWallets'
import { WalletError } from './walletErrors'

const namespace: Namespace = 'eip155'

/**
 * The injected wallets of the page, wired to the stores: each wallet found (EIP-6963 or
 * `window.ethereum`) is registered in `ConnectorController`; connecting records the connection,
 * account and network in `ConnectionController`, `AccountController` and `ChainController`; the
 * wallet's accountsChanged / chainChanged / disconnect events keep them up to date.
 *
 * `connectExternal` and `disconnect` fit `ConnectionClient`, so `createPortico` hands them to
 * `ConnectionController.setClient` (next to the WalletConnect and auth connectors).
 *
 * @example
 * const injected = new InjectedConnectorRegistry().start()
 * ConnectionController.setClient({ ...otherClients, connectExternal: injected.connectExternal, disconnect: injected.disconnect })
 * await ConnectionController.restore()
 */
export class InjectedConnectorRegistry {
  #target: Window | undefined
  #connectors = new Map<string, InjectedConnector>()
  #stopWatching: (() => void) | undefined

  constructor(options: { target?: Window } = {}) {
    this.#target = options.target
  }

  /** Starts watching the page for wallets; returns itself for chaining. */
  start(): this {
    if (this.#stopWatching) return this
    const watcher = watchInjectedWallets({
      ...(this.#target ? { target: this.#target } : {}),
      onChange: (wallets) => this.#register(wallets),
    })
    this.#register(watcher.wallets())
    this.#stopWatching = watcher.stop
    return this
  }

  stop(): void {
    this.#stopWatching?.()
    this.#stopWatching = undefined
  }

  /** The connector of an injected wallet by its id (the rdns, or 'injected'). */
  get(id: string): InjectedConnector | undefined {
    return this.#connectors.get(id.toLowerCase())
  }

  /**
   * Connects an injected wallet: silently when the site is still permitted (`eth_accounts`, as on
   * a reload), else with the wallet's prompt. `address`, when it is one of the wallet's accounts,
   * becomes the account in use. Aborting `signal` rejects with 'Modal closed'.
   */
  connectExternal = async (
    connector: Pick<Connector, 'id'>,
    options: { namespace: Namespace; address?: string | undefined; signal?: AbortSignal } = { namespace },
  ): Promise<void> => {
    const injected = this.get(connector.id)
    if (!injected || options.namespace !== namespace) {
      throw new WalletError('Failed to connect', { details: `No injected wallet ${connector.id} in ${options.namespace}.` })
    }
    const connection = (await injected.reconnect()) ?? (await injected.connect(options.signal ? { signal: options.signal } : {}))
    this.#record(injected, connection, options.address)
  }

  /** Ends an injected wallet's connection; the stores hear of it through the connector's events. */
  disconnect = async (connector: Pick<Connector, 'id'>): Promise<void> => {
    await this.get(connector.id)?.disconnect()
  }

  /** Asks the wallet in use to switch to `network` (adding it first when the wallet does not know it). */
  async switchNetwork(network: Network): Promise<void> {
    const injected = this.#active()
    if (!injected) throw new WalletError('Wallet disconnected', { details: 'No injected wallet is connected.' })
    await injected.switchChain({
      id: Number(network.id),
      name: network.name,
      rpcUrls: network.rpcUrls.default.http,
      nativeCurrency: network.nativeCurrency,
      blockExplorerUrls: network.explorers?.map((explorer) => explorer.url) ?? [],
    })
  }

  /** The EIP-1193 provider of the wallet in use, for the host app; `undefined` when none is connected. */
  getProvider(): EIP1193Provider | undefined {
    return this.#active()?.getProvider()
  }

  /** A viem transport over the wallet in use (`custom(provider)`), for viem clients and wagmi. */
  getTransport(): CustomTransport | undefined {
    return this.#active()?.getTransport()
  }

  #active(): InjectedConnector | undefined {
    const id = ConnectorController.state.activeConnectorIds[namespace]
    return id ? this.get(id) : undefined
  }

  #register(wallets: readonly InjectedWallet[]): void {
    for (const wallet of wallets) {
      if (this.#connectors.has(wallet.id)) continue
      const connector = new InjectedConnector(wallet)
      connector.setEvents({
        onAccounts: (accounts) => {
          ConnectionController.updateAccounts(namespace, connector.id, toStoredAccounts(accounts))
          AccountController.setAllAccounts(namespace, toStoredAccounts(accounts).map((account) => ({ ...account, namespace })))
        },
        onChain: (chainId) => this.#chain(connector, chainId),
        onDisconnect: () => ConnectionController.removeConnection(namespace, connector.id),
      })
      this.#connectors.set(wallet.id, connector)
      ConnectorController.addConnector({
        id: wallet.id,
        type: wallet.source === 'announced' ? 'announced' : 'injected',
        name: wallet.name,
        provider: wallet.provider,
        ...(wallet.icon ? { imageUrl: wallet.icon } : {}),
        chain: namespace,
        chains: ChainController.getNetworks(namespace),
        ...(wallet.rdns ? { info: { rdns: wallet.rdns } } : {}),
      })
    }
  }

  #record(connector: InjectedConnector, connection: InjectedConnection, address: string | undefined): void {
    const preferred = address && connection.accounts.find((account) => account.toLowerCase() === address.toLowerCase())
    const accounts = preferred ? [preferred, ...connection.accounts.filter((account) => account !== preferred)] : connection.accounts
    ConnectionController.setConnected(
      namespace,
      { connectorId: connector.id, accounts: toStoredAccounts(accounts), caipNetworkId: `${namespace}:${connection.chainId}` },
      { id: connector.id, name: connector.name },
    )
    AccountController.setAllAccounts(namespace, toStoredAccounts(accounts).map((account) => ({ ...account, namespace })))
    this.#chain(connector, connection.chainId)
  }

  /**
   * The wallet is on `chainId`: it becomes the active network when the app supports it; the
   * connection records the wallet's chain either way, so the UI can show UnsupportedChain.
   */
  #chain(connector: InjectedConnector, chainId: number): void {
    const caipNetworkId = `${namespace}:${chainId}` as const
    const current = ConnectionController.get(namespace).connections.find((c) => c.connectorId === connector.id)
    if (current && current.caipNetworkId !== caipNetworkId) {
      ConnectionController.addConnection(namespace, { ...current, caipNetworkId })
    }
    if (ChainController.isSupported(caipNetworkId)) ChainController.setActiveNetwork(caipNetworkId)
  }
}

function toStoredAccounts(accounts: readonly Address[]): { address: Address; type: 'eoa' }[] {
  return accounts.map((address) => ({ address, type: 'eoa' }))
}
