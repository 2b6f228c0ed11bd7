import type { Namespace, Network } from '../../networks/Network'
import type { ConnectionResult, ConnectOptions, Connector, ConnectorType, EIP1193Provider, NamespaceProvider } from '../Connector'
import { connectorEvents } from '../connectorEvents'
import type { InjectedWallet } from './injectedWallets'
import type { InjectedConnection, InjectedSession } from './InjectedSession'

const EIP155 = 'eip155' as const

/**
 * A browser wallet (EIP-6963 or `window.ethereum`) as a {@link Connector}. Registered for every
 * wallet found, so it holds only the wallet's description; the EIP-1193 session (and viem with
 * it) is imported when the visitor first connects or a reload restores the connection.
 *
 * @example
 * const connector = new InjectedConnector(wallet)
 * const { accounts, chainId } = await connector.connect({ namespace: 'eip155' })  // chainId 'eip155:1'
 */
export class InjectedConnector implements Connector {
  readonly id: string
  readonly name: string
  readonly type: ConnectorType
  readonly imageUrl: string | undefined
  readonly rdns: string | undefined
  readonly namespaces = [EIP155] as const
  readonly provider: EIP1193Provider
  readonly #wallet: InjectedWallet
  readonly #events = connectorEvents()
  #session: Promise<InjectedSession> | undefined

  constructor(wallet: InjectedWallet) {
    this.#wallet = wallet
    this.id = wallet.id
    this.name = wallet.name
    this.type = wallet.source === 'announced' ? 'announced' : 'injected'
    this.imageUrl = wallet.icon
    this.rdns = wallet.rdns
    this.provider = wallet.provider
  }

  readonly on = this.#events.on

  async connect(options: ConnectOptions): Promise<ConnectionResult> {
    const session = await this.#load()
    return toResult(await session.connect(options.signal ? { signal: options.signal } : {}))
  }

  async reconnect(): Promise<ConnectionResult | undefined> {
    const session = await this.#load()
    const connection = await session.reconnect()
    return connection && toResult(connection)
  }

  async disconnect(): Promise<void> {
    if (this.#session) await (await this.#session).disconnect()
  }

  /**
   * Stops following the wallet's events, as `portico.destroy()` does. The wallet keeps the site's
   * permission, so a later Portico restores the connection.
   */
  async close(): Promise<void> {
    const session = this.#session
    this.#session = undefined
    ;(await session?.catch(() => undefined))?.close()
  }

  async switchNetwork(network: Network): Promise<void> {
    const session = await this.#load()
    await session.switchChain({
      id: Number(network.id),
      name: network.name,
      rpcUrls: network.rpcUrls.default.http,
      nativeCurrency: network.nativeCurrency,
      blockExplorerUrls: network.explorers?.map((explorer) => explorer.url) ?? [],
    })
  }

  getProvider<N extends Namespace>(namespace: N): NamespaceProvider[N] | undefined {
    return namespace === EIP155 ? (this.provider as NamespaceProvider[N]) : undefined
  }

  /** The session over the wallet's provider, made once; its events become this connector's. */
  #load(): Promise<InjectedSession> {
    return (this.#session ??= import('./InjectedSession').then(({ InjectedSession }) => {
      const emit = this.#events.emit
      return new InjectedSession(this.#wallet, {
        onAccounts: (accounts) => emit('accountsChanged', accounts),
        onChain: (chainId) => emit('chainChanged', `${EIP155}:${chainId}`),
        onDisconnect: (error) => emit('disconnect', error),
      })
    }))
  }
}

function toResult(connection: InjectedConnection): ConnectionResult {
  return { accounts: connection.accounts, chainId: `${EIP155}:${connection.chainId}`, namespace: EIP155 }
}
