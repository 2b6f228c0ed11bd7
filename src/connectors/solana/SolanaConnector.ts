import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import type { Namespace, Network } from '../../networks/Network'
import type { ConnectionResult, ConnectOptions, Connector, ConnectorType, NamespaceProvider } from '../Connector'
import { connectorEvents } from '../connectorEvents'
import { abortable } from '../abortable'
import { toWalletError, WalletError } from '../walletErrors'
import { networkForWallet, walletChainOf } from './solanaChains'
import { walletStandardId } from '../walletStandardId'

const SOLANA = 'solana' as const

/** What the connector needs from the app: its Solana networks, the active one first. */
export type SolanaConnectorOptions = { networks: () => readonly Network[] }

/**
 * The connector id of a Wallet Standard Solana wallet, which is also its wallet-listing id (these
 * wallets have no rdns: their name). One rule for every Wallet Standard chain, so a wallet that
 * serves several chains is one connector.
 *
 * @example
 * solanaConnectorId({ name: 'Phantom' })   // 'wallet-standard:Phantom'
 */
export const solanaConnectorId = (wallet: Pick<Wallet, 'name'>): string => walletStandardId(wallet)

/**
 * A Wallet Standard wallet that serves `solana:` chains, as a {@link Connector}: `standard:connect`
 * (silent on reconnect), `standard:disconnect`, `standard:events` (its accounts), and the
 * `solana:sign*` features through {@link SolanaProvider}. Wallet Standard wallets have no
 * "current network": the app names the chain on each request, so the connection is on the app's
 * active Solana network when the wallet serves it, else on the first one it serves.
 *
 * @example
 * const connector = new SolanaConnector(wallet, { networks: () => solanaNetworks })
 * const { accounts, chainId } = await connector.connect({ namespace: 'solana' })
 */
export class SolanaConnector implements Connector {
  readonly id: string
  readonly name: string
  readonly type: ConnectorType = 'announced'
  readonly imageUrl: string
  readonly rdns = undefined
  readonly namespaces = [SOLANA] as const
  readonly wallet: Wallet
  readonly #options: SolanaConnectorOptions
  readonly #events = connectorEvents()
  #network: Network | undefined
  #account: WalletAccount | undefined
  #stopEvents: (() => void) | undefined
  /** The provider module (web3.js with it), loaded with the first connect so that `getProvider` stays synchronous. */
  #providers: typeof import('./SolanaProvider') | undefined

  constructor(wallet: Wallet, options: SolanaConnectorOptions) {
    this.wallet = wallet
    this.id = solanaConnectorId(wallet)
    this.name = wallet.name
    this.imageUrl = wallet.icon
    this.#options = options
  }

  readonly on = this.#events.on

  async connect(options: ConnectOptions): Promise<ConnectionResult> {
    const network = this.#pickNetwork()
    const connect = feature<StandardConnectFeature>(this.wallet, 'standard:connect')
    if (!connect) throw new WalletError('Not supported by the wallet', { details: `${this.name} has no standard:connect.` })
    let accounts: readonly WalletAccount[]
    await this.#loadProvider()
    try {
      accounts = (await abortable(connect.connect(), options.signal)).accounts
    } catch (error) {
      throw toWalletError(error, 'connect')
    }
    const result = this.#follow(accounts, network)
    if (!result) throw new WalletError('Connection rejected', { details: `${this.name} offered no account on ${walletChainOf(network.caipNetworkId)}.` })
    return result
  }

  async reconnect(): Promise<ConnectionResult | undefined> {
    const connect = feature<StandardConnectFeature>(this.wallet, 'standard:connect')
    const network = networkForWallet(this.#options.networks(), this.wallet.chains)
    if (!connect || !network) return undefined
    await this.#loadProvider()
    const { accounts } = await connect.connect({ silent: true })
    return this.#follow(accounts, network)
  }

  async disconnect(): Promise<void> {
    this.#stop()
    await feature<StandardDisconnectFeature>(this.wallet, 'standard:disconnect')?.disconnect()
  }

  /** Refused with 'Unsupported chain' when the wallet does not serve the network; no prompt otherwise. */
  async switchNetwork(network: Network): Promise<void> {
    if (network.chainNamespace !== SOLANA || !this.wallet.chains.includes(walletChainOf(network.caipNetworkId))) {
      throw new WalletError('Unsupported chain', { details: `${this.name} serves ${this.wallet.chains.join(', ') || 'no chain'}, not ${network.caipNetworkId}.` })
    }
    this.#network = network
    this.#events.emit('chainChanged', network.caipNetworkId)
  }

  getProvider<N extends Namespace>(namespace: N): NamespaceProvider[N] | undefined {
    if (namespace !== SOLANA || !this.#account || !this.#network || !this.#providers) return undefined
    return new this.#providers.SolanaProvider(this.wallet, this.#account, walletChainOf(this.#network.caipNetworkId)) as NamespaceProvider[N]
  }

  async #loadProvider(): Promise<void> {
    this.#providers ??= await import('./SolanaProvider')
  }

  /** The app's network this wallet can use, or 'Unsupported chain'. */
  #pickNetwork(): Network {
    const network = networkForWallet(this.#options.networks(), this.wallet.chains)
    if (!network) throw new WalletError('Unsupported chain', { details: `${this.name} serves ${this.wallet.chains.join(', ') || 'no chain'}, none of the app's Solana networks.` })
    return network
  }

  /** Keeps the wallet's Solana accounts and follows its `change` events; `undefined` when it gave none. */
  #follow(accounts: readonly WalletAccount[], network: Network): ConnectionResult | undefined {
    const chain = walletChainOf(network.caipNetworkId)
    const usable = accounts.filter((account) => account.chains.includes(chain))
    if (usable.length === 0) return undefined
    this.#network = network
    this.#account = usable[0]
    this.#stop()
    this.#stopEvents = feature<StandardEventsFeature>(this.wallet, 'standard:events')?.on('change', ({ accounts: next }) => {
      if (!next) return
      const current = next.filter((account) => account.chains.includes(walletChainOf((this.#network ?? network).caipNetworkId)))
      if (current.length === 0) {
        this.#account = undefined
        this.#stop()
        this.#events.emit('disconnect')
        return
      }
      this.#account = current[0]
      this.#events.emit('accountsChanged', current.map((account) => account.address))
    })
    return { accounts: usable.map((account) => account.address), chainId: network.caipNetworkId, namespace: SOLANA }
  }

  #stop(): void {
    this.#stopEvents?.()
    this.#stopEvents = undefined
  }
}

/** A Wallet Standard feature by name, when the wallet has it. */
export function feature<F extends Record<string, unknown>>(wallet: Wallet, name: keyof F & string): F[keyof F] | undefined {
  return (wallet.features as Partial<F>)[name]
}
