import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import type { Namespace, Network } from '../../networks/Network'
import type { ConnectionResult, ConnectOptions, Connector, ConnectorContext, ConnectorType, NamespaceProvider } from '../Connector'
import { abortable } from '../abortable'
import { connectorEvents } from '../connectorEvents'
import { toWalletError, WalletError } from '../walletErrors'
import { bitcoinNetworkForWallet, bitcoinWalletChainOf, type BitcoinWalletChain } from '../../networks/bitcoinChains'
import { BitcoinConnect, type BitcoinConnectFeature } from './bitcoinWalletFeatures'
import { purposeOf, StandardBitcoinProvider } from './StandardBitcoinProvider'
import { walletStandardId } from '../walletStandardId'

const BIP122 = 'bip122' as const

/**
 * The connector id of a Wallet Standard Bitcoin wallet, which is also its wallet-listing id (these
 * wallets have no rdns: their name). One rule for every Wallet Standard chain, so a wallet that
 * serves several chains is one connector.
 *
 * @example
 * bitcoinConnectorId({ name: 'Xverse' })   // 'wallet-standard:Xverse'
 */
export const bitcoinConnectorId = (wallet: Pick<Wallet, 'name'>): string => walletStandardId(wallet)

/**
 * A Wallet Standard wallet that serves `bitcoin:` chains, as a {@link Connector} of the `bip122`
 * namespace. It connects with `bitcoin:connect` (payment and ordinals addresses; the payment one
 * is the account in use) or `standard:connect`, follows `standard:events`, and signs through
 * {@link StandardBitcoinProvider}. The connection is on the app's active Bitcoin network when the
 * wallet serves it, else on the first one it serves; a wallet that serves none of the app's is
 * refused with 'The connector does not support any of the requested chains'.
 *
 * @example
 * import { getWallets } from '@wallet-standard/app'
 * // Registered for you when the app lists a bip122 network; by hand, for a wallet of your choice:
 * const wallet = getWallets().get().find(isBitcoinWallet)
 * if (wallet) portico.addConnector(new BitcoinConnector(wallet))
 */
export class BitcoinConnector implements Connector {
  readonly id: string
  readonly name: string
  readonly type: ConnectorType = 'announced'
  readonly imageUrl: string
  readonly rdns = undefined
  readonly namespaces = [BIP122] as const
  readonly wallet: Wallet
  readonly #events = connectorEvents()
  #network: Network | undefined
  #accounts: readonly WalletAccount[] = []
  #stopEvents: (() => void) | undefined

  constructor(wallet: Wallet) {
    this.wallet = wallet
    this.id = bitcoinConnectorId(wallet)
    this.name = wallet.name
    this.imageUrl = wallet.icon
  }

  readonly on = this.#events.on

  async connect(options: ConnectOptions): Promise<ConnectionResult> {
    const network = this.#pickNetwork(options.context, options.chainId)
    let accounts: readonly WalletAccount[]
    try {
      accounts = await abortable(this.#ask(false), options.signal)
    } catch (error) {
      throw toWalletError(error, 'connect')
    }
    const result = this.#follow(accounts, network)
    if (!result) throw WalletError.coded('connectionRejected', { details: `${this.name} offered no account on ${bitcoinWalletChainOf(network.caipNetworkId)}.` })
    return result
  }

  async reconnect({ context }: { namespace: Namespace; context: ConnectorContext }): Promise<ConnectionResult | undefined> {
    const network = bitcoinNetworkForWallet(ordered(context), this.wallet.chains)
    const connect = (this.wallet.features as Partial<StandardConnectFeature>)['standard:connect']
    if (!network || !connect) return undefined
    // Only a silent grant restores: the Bitcoin connect feature always prompts.
    const { accounts } = await connect.connect({ silent: true })
    return this.#follow(accounts, network)
  }

  async disconnect(): Promise<void> {
    this.#stop()
    this.#accounts = []
    await (this.wallet.features as Partial<StandardDisconnectFeature>)['standard:disconnect']?.disconnect()
  }

  async close(): Promise<void> {
    this.#stop()
  }

  /** Refused with 'Unsupported chain' when the wallet does not serve the network; no prompt otherwise. */
  async switchNetwork(network: Network): Promise<void> {
    const chain = network.chainNamespace === BIP122 ? bitcoinWalletChainOf(network.caipNetworkId) : undefined
    if (!chain || !this.wallet.chains.includes(chain)) {
      throw WalletError.coded('walletUnsupported', { details: `${this.name} serves ${this.wallet.chains.join(', ') || 'no chain'}, not ${network.caipNetworkId}.` })
    }
    // A wallet may give each network its own addresses (testnet's `tb1…` beside regtest's `bcrt1…`).
    const usable = this.#accounts.length ? onChain(this.wallet.accounts, chain) : []
    this.#network = network
    if (usable.length && usable.some((account, i) => account.address !== this.#accounts[i]?.address)) {
      this.#accounts = usable
      this.#events.emit('accountsChanged', usable.map((account) => account.address), BIP122)
    }
    this.#events.emit('chainChanged', network.caipNetworkId)
  }

  getProvider<N extends Namespace>(namespace: N): NamespaceProvider[N] | undefined {
    const chain = this.#network && bitcoinWalletChainOf(this.#network.caipNetworkId)
    if (namespace !== BIP122 || this.#accounts.length === 0 || !chain) return undefined
    return new StandardBitcoinProvider(this.wallet, this.#accounts, chain) as NamespaceProvider[N]
  }

  /** The wallet's accounts: through `bitcoin:connect` (payment and ordinals) where it has it. */
  async #ask(silent: boolean): Promise<readonly WalletAccount[]> {
    const bitcoin = (this.wallet.features as Partial<BitcoinConnectFeature>)[BitcoinConnect]
    if (bitcoin && !silent) return (await bitcoin.connect({ purposes: ['payment', 'ordinals'] })).accounts
    const standard = (this.wallet.features as Partial<StandardConnectFeature>)['standard:connect']
    if (!standard) throw WalletError.coded('walletUnsupported', { details: `${this.name} has neither ${BitcoinConnect} nor standard:connect.` })
    return (await standard.connect({ silent })).accounts
  }

  /** The app's network this wallet can use (the one asked for, else the active one first), or the seed's error. */
  #pickNetwork(context: ConnectorContext, chainId: string | undefined): Network {
    const networks = ordered(context)
    const wanted = chainId ? networks.filter((n) => n.caipNetworkId === chainId) : []
    const network = bitcoinNetworkForWallet([...wanted, ...networks], this.wallet.chains)
    if (!network) {
      const asked = networks.map((n) => n.caipNetworkId).join(', ') || 'none'
      throw WalletError.coded('chainsNotSupported', { details: `${this.name} serves ${this.wallet.chains.join(', ') || 'no chain'}; the app asked for ${asked}.` })
    }
    return network
  }

  /** Keeps the wallet's accounts on `network` (payment first) and follows its `change` events; `undefined` when it gave none. */
  #follow(accounts: readonly WalletAccount[], network: Network): ConnectionResult | undefined {
    const chain = bitcoinWalletChainOf(network.caipNetworkId) as BitcoinWalletChain
    const usable = onChain(accounts, chain)
    if (usable.length === 0) return undefined
    this.#network = network
    this.#accounts = usable
    this.#stop()
    this.#stopEvents = (this.wallet.features as Partial<StandardEventsFeature>)['standard:events']?.on('change', ({ accounts: next }) => {
      if (!next) return
      const current = onChain(next, bitcoinWalletChainOf((this.#network ?? network).caipNetworkId) as BitcoinWalletChain)
      if (current.length === 0) {
        this.#accounts = []
        this.#stop()
        this.#events.emit('disconnect')
        return
      }
      this.#accounts = current
      this.#events.emit('accountsChanged', current.map((account) => account.address), BIP122)
    })
    return {
      accounts: usable.map((account) => account.address),
      accountTypes: Object.fromEntries(usable.map((account) => [account.address, purposeOf(account)])),
      chainId: network.caipNetworkId,
      namespace: BIP122,
    }
  }

  #stop(): void {
    this.#stopEvents?.()
    this.#stopEvents = undefined
  }
}

/** The app's Bitcoin networks, the active one first. */
function ordered(context: ConnectorContext): Network[] {
  const all = context.networks.filter((n) => n.chainNamespace === BIP122)
  const active = all.find((n) => n.caipNetworkId === context.activeNetworkIds[BIP122])
  return active ? [active, ...all.filter((n) => n !== active)] : all
}

/** The accounts on `chain`, the payment ones first. */
function onChain(accounts: readonly WalletAccount[], chain: BitcoinWalletChain): WalletAccount[] {
  const usable = accounts.filter((account) => account.chains.length === 0 || account.chains.includes(chain))
  return [...usable.filter((a) => purposeOf(a) === 'payment'), ...usable.filter((a) => purposeOf(a) !== 'payment')]
}
