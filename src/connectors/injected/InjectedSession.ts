import { custom, getAddress, isAddress, numberToHex, type Address, type CustomTransport } from 'viem'
import type { EIP1193Provider } from '../Connector'
import type { InjectedWallet } from './injectedWallets'
import { abortable } from '../abortable'
import { isUnrecognizedChain, toWalletError, WalletError } from '../walletErrors'

/** What a connector reports, so the connection stores can follow the wallet. */
export type InjectedSessionEvents = {
  /** The wallet's accounts changed (never empty: an empty list arrives as `onDisconnect`). */
  onAccounts?(accounts: Address[]): void
  /** The wallet moved to another chain. */
  onChain?(chainId: number): void
  /** The wallet ended the connection (revoked, locked, or lost every chain). */
  onDisconnect?(error?: WalletError): void
}

/** A network as `wallet_addEthereumChain` needs it. */
export type AddableChain = {
  id: number
  name: string
  rpcUrls: readonly string[]
  nativeCurrency: { name: string; symbol: string; decimals: number }
  blockExplorerUrls?: readonly string[]
}

/** The state of a live connection. */
export type InjectedConnection = { accounts: Address[]; chainId: number }

/**
 * Connects one injected wallet (EIP-6963 or `window.ethereum`) and turns its EIP-1193 events into
 * {@link InjectedSessionEvents}. Failures are {@link WalletError}s with readable words
 * ('Connection rejected', 'Failed to connect', 'Modal closed', …).
 *
 * @example
 * const [wallet] = watchInjectedWallets({}).wallets()
 * const connector = new InjectedSession(wallet, { onAccounts: console.log, onChain: console.log })
 * const { accounts, chainId } = await connector.connect()
 * const client = createWalletClient({ transport: connector.getTransport() })
 */
export class InjectedSession {
  readonly type: 'ANNOUNCED' | 'INJECTED'
  readonly id: string
  readonly name: string
  readonly imageUrl: string | undefined
  readonly rdns: string | undefined
  readonly provider: EIP1193Provider
  #events: InjectedSessionEvents
  #connection: InjectedConnection | undefined
  #listening = false

  constructor(wallet: InjectedWallet, events: InjectedSessionEvents = {}) {
    this.type = wallet.source === 'announced' ? 'ANNOUNCED' : 'INJECTED'
    this.id = wallet.id
    this.name = wallet.name
    this.imageUrl = wallet.icon
    this.rdns = wallet.rdns
    this.provider = wallet.provider
    this.#events = events
  }

  /** The live connection, or `undefined` when not connected. */
  get connection(): InjectedConnection | undefined {
    return this.#connection && { accounts: [...this.#connection.accounts], chainId: this.#connection.chainId }
  }

  /** Replaces the listeners (the stores wire themselves in after construction). */
  setEvents(events: InjectedSessionEvents): void {
    this.#events = events
  }

  /**
   * Asks the wallet for its accounts (`eth_requestAccounts`; the wallet shows its prompt).
   * Aborting `signal` (the visitor closed the modal) rejects with 'Modal closed'.
   */
  async connect(options: { signal?: AbortSignal } = {}): Promise<InjectedConnection> {
    try {
      const accounts = toAddresses(await abortable(this.provider.request({ method: 'eth_requestAccounts' }), options.signal))
      if (accounts.length === 0) throw new WalletError('Failed to connect', { details: 'The wallet returned no accounts.' })
      const chainId = await this.#readChainId()
      return this.#connected({ accounts, chainId })
    } catch (error) {
      throw toWalletError(error, 'connect')
    }
  }

  /**
   * Restores a connection without a prompt (`eth_accounts`), as after a reload. Resolves
   * `undefined` when the wallet no longer grants this site any account.
   */
  async reconnect(): Promise<InjectedConnection | undefined> {
    try {
      const accounts = toAddresses(await this.provider.request({ method: 'eth_accounts' }))
      if (accounts.length === 0) return undefined
      return this.#connected({ accounts, chainId: await this.#readChainId() })
    } catch (error) {
      throw toWalletError(error, 'connect')
    }
  }

  /**
   * Moves the wallet to `chain`. When the wallet does not know it (4902, or -32603 from some mobile
   * wallets) it is added with `wallet_addEthereumChain` and switched to again.
   */
  async switchChain(chain: AddableChain): Promise<void> {
    const chainId = numberToHex(chain.id)
    try {
      try {
        await this.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      } catch (error) {
        if (!isUnrecognizedChain(error)) throw error
        await this.provider.request({
          method: 'wallet_addEthereumChain',
          params: [
            {
              chainId,
              chainName: chain.name,
              rpcUrls: [...chain.rpcUrls],
              nativeCurrency: chain.nativeCurrency,
              ...(chain.blockExplorerUrls?.length ? { blockExplorerUrls: [...chain.blockExplorerUrls] } : {}),
            },
          ],
        })
        await this.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      }
    } catch (error) {
      throw toWalletError(error, 'switchChain')
    }
    // Wallets emit chainChanged, but not all before resolving: record the chain now as well.
    this.#chainChanged(numberToHex(chain.id))
  }

  /**
   * Ends the connection on Portico's side: stops listening, asks the wallet to forget the
   * permission where it can (`wallet_revokePermissions`, errors ignored) and reports `onDisconnect`.
   */
  async disconnect(): Promise<void> {
    const wasConnected = this.#connection !== undefined
    this.#stopListening()
    this.#connection = undefined
    try {
      await this.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    } catch {
      // Many wallets cannot revoke; the site simply stops using the accounts.
    }
    if (wasConnected) this.#events.onDisconnect?.()
  }

  /** The connected wallet as an EIP-1193 provider for the host app. */
  getProvider(): EIP1193Provider {
    return this.provider
  }

  /**
   * A viem transport over the wallet, for `createWalletClient` or wagmi's `custom` connectors.
   *
   * @example
   * createWalletClient({ chain, transport: connector.getTransport() })
   */
  getTransport(): CustomTransport {
    return custom(this.provider as Parameters<typeof custom>[0], { key: this.id, name: this.name })
  }

  async #readChainId(): Promise<number> {
    const chainId = Number(await this.provider.request({ method: 'eth_chainId' }))
    if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new WalletError('Invalid chain id', { details: `eth_chainId gave ${chainId}.` })
    return chainId
  }

  #connected(connection: InjectedConnection): InjectedConnection {
    this.#connection = connection
    this.#startListening()
    return this.connection!
  }

  #accountsChanged = (value: unknown) => {
    if (!this.#connection) return
    const accounts = toAddresses(value)
    if (accounts.length === 0) return this.#walletDisconnected()
    this.#connection = { ...this.#connection, accounts }
    this.#events.onAccounts?.(accounts)
  }

  #chainChanged = (value: unknown) => {
    if (!this.#connection) return
    const chainId = Number(value)
    if (!Number.isSafeInteger(chainId) || chainId === this.#connection.chainId) return
    this.#connection = { ...this.#connection, chainId }
    this.#events.onChain?.(chainId)
  }

  #disconnected = (error: unknown) => {
    if (this.#connection) this.#walletDisconnected(error === undefined ? undefined : toWalletError(error, 'request'))
  }

  #walletDisconnected(error?: WalletError): void {
    this.#stopListening()
    this.#connection = undefined
    this.#events.onDisconnect?.(error)
  }

  /** Stops listening to the wallet (the connector is closed); the wallet is not asked anything. */
  close(): void {
    this.#stopListening()
  }

  #startListening(): void {
    if (this.#listening) return
    this.#listening = true
    this.provider.on?.('accountsChanged', this.#accountsChanged)
    this.provider.on?.('chainChanged', this.#chainChanged)
    this.provider.on?.('disconnect', this.#disconnected)
  }

  #stopListening(): void {
    if (!this.#listening) return
    this.#listening = false
    this.provider.removeListener?.('accountsChanged', this.#accountsChanged)
    this.provider.removeListener?.('chainChanged', this.#chainChanged)
    this.provider.removeListener?.('disconnect', this.#disconnected)
  }
}

/** Checksummed, de-duplicated (by lowercase address) accounts; anything that is not an address is dropped. */
function toAddresses(value: unknown): Address[] {
  if (!Array.isArray(value)) return []
  const seen = new Set<string>()
  const accounts: Address[] = []
  for (const item of value) {
    if (typeof item !== 'string' || !isAddress(item, { strict: false })) continue
    const key = item.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    accounts.push(getAddress(item))
  }
  return accounts
}
