import {
  formatEther,
  isAddress,
  isAddressEqual,
  isHex,
  type Address,
  type Hex,
  type LocalAccount,
  type TypedDataDefinition,
} from 'viem'
import type { Approver } from './ApprovalPanel'
import { ProviderRpcError } from './ProviderRpcError'
import { optionalBigInt, parseChainId, readable } from './rpcParams'
import { sendSignedTransaction } from './sendSignedTransaction'
import type { DevWalletChain } from './DevWalletChain'

/** A chain the dev wallet knows: its id, a JSON-RPC URL (the local Hardhat chain) and a name. */
export type { DevWalletChain } from './DevWalletChain'

/** Where the wallet remembers its permission and chain across reloads (localStorage by default). */
export type DevWalletStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

type Listener = (...args: any[]) => void
type RequestArguments = { method: string; params?: unknown }
type Remembered = { permitted: boolean; chainId?: number; added?: DevWalletChain[] }

const readMethods = /^(eth_|net_|web3_)/
const refusedMethods = new Set(['eth_sign', 'eth_signTransaction', 'eth_signTypedData', 'eth_signTypedData_v3'])

/**
 * The dev wallet's EIP-1193 provider. It signs with viem local accounts, asks an {@link Approver}
 * before anything needs consent (4001 'User rejected the request.' on refusal), and passes read
 * calls through to the current chain's RPC URL. Emits `accountsChanged`, `chainChanged`,
 * `connect` and `disconnect` as an extension would.
 *
 * Besides `request`, it has the controls a person would use inside the wallet (`selectAccount`,
 * `selectChain`, `revoke`, `disconnect`, `reconnect`), so tests can play that person.
 */
export class DevWalletProvider {
  readonly isPorticoDevWallet = true
  #accounts: LocalAccount[]
  #chains: Map<number, DevWalletChain>
  #chainId: number
  #permitted: boolean
  #connected = true
  #listeners = new Map<string, Set<Listener>>()
  #approve: Approver
  #storage: DevWalletStorage | null
  #storageKey: string
  #origin: string
  #rpcId = 0
  /** Chains the page added with wallet_addEthereumChain; remembered across reloads. */
  #addedIds = new Set<number>()
  #pendingConnect: Promise<Address[]> | undefined

  constructor(options: {
    chains: readonly DevWalletChain[]
    accounts: readonly LocalAccount[]
    approve: Approver
    storage: DevWalletStorage | null
    storageKey: string
    origin: string
  }) {
    const first = options.chains[0]
    if (!first) throw new Error('The dev wallet needs at least one chain.')
    if (options.accounts.length === 0) throw new Error('The dev wallet needs at least one account.')
    this.#accounts = [...options.accounts]
    this.#approve = options.approve
    this.#storage = options.storage
    this.#storageKey = options.storageKey
    this.#origin = options.origin
    const remembered = this.#recall()
    this.#chains = new Map(options.chains.map((chain) => [chain.id, chain]))
    for (const chain of remembered.added ?? []) {
      if (this.#chains.has(chain.id)) continue
      this.#chains.set(chain.id, chain)
      this.#addedIds.add(chain.id)
    }
    this.#chainId = remembered.chainId !== undefined && this.#chains.has(remembered.chainId) ? remembered.chainId : first.id
    this.#permitted = remembered.permitted
  }

  /** The addresses the page may see: all accounts, the selected one first; none before consent. */
  get accounts(): Address[] {
    return this.#permitted ? this.#accounts.map((account) => account.address) : []
  }

  get chainId(): number {
    return this.#chainId
  }

  get chains(): DevWalletChain[] {
    return [...this.#chains.values()]
  }

  on(event: string, listener: Listener): this {
    let set = this.#listeners.get(event)
    if (!set) this.#listeners.set(event, (set = new Set()))
    set.add(listener)
    return this
  }

  removeListener(event: string, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener)
    return this
  }

  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener)
  }

  /** EIP-1193 `request`. Rejects with a {@link ProviderRpcError} carrying the usual wallet codes. */
  async request({ method, params }: RequestArguments): Promise<unknown> {
    if (!this.#connected) throw ProviderRpcError.disconnected()
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'eth_accounts':
        return this.accounts
      case 'eth_requestAccounts':
        return this.#requestAccounts()
      case 'eth_chainId':
        return `0x${this.#chainId.toString(16)}`
      case 'net_version':
        return String(this.#chainId)
      case 'wallet_requestPermissions':
        await this.#requestAccounts()
        return [{ parentCapability: 'eth_accounts', invoker: this.#origin }]
      case 'wallet_getPermissions':
        return this.#permitted ? [{ parentCapability: 'eth_accounts', invoker: this.#origin }] : []
      case 'wallet_revokePermissions':
        this.revoke()
        return null
      case 'personal_sign':
        return this.#personalSign(list)
      case 'eth_signTypedData_v4':
        return this.#signTypedData(list)
      case 'eth_sendTransaction':
        return this.#sendTransaction(list)
      case 'wallet_switchEthereumChain':
        return this.#switchChain(list)
      case 'wallet_addEthereumChain':
        return this.#addChain(list)
      default:
        if (refusedMethods.has(method) || !readMethods.test(method)) throw ProviderRpcError.unsupportedMethod(method)
        return this.#rpc(method, list)
    }
  }

  /** Makes `address` the selected account (as picking it in the wallet would) and tells the page. */
  selectAccount(address: Address): void {
    const index = this.#accounts.findIndex((account) => isAddressEqual(account.address, address))
    if (index < 0) throw new Error(`The dev wallet has no account ${address}.`)
    const [account] = this.#accounts.splice(index, 1)
    this.#accounts.unshift(account!)
    if (this.#permitted) this.#emit('accountsChanged', this.accounts)
  }

  /** Switches chain from inside the wallet, without the page asking. */
  selectChain(chainId: number): void {
    if (!this.#chains.has(chainId)) throw new Error(`The dev wallet does not know chain ${chainId}.`)
    this.#setChain(chainId)
  }

  /** Withdraws the page's permission: `accountsChanged` with no accounts, as "Disconnect this site" does. */
  revoke(): void {
    const was = this.#permitted
    this.#permitted = false
    this.#remember()
    if (was) this.#emit('accountsChanged', [])
  }

  /** Simulates the wallet losing every chain: emits `disconnect` (4900) and refuses requests until {@link reconnect}. */
  disconnect(): void {
    this.#connected = false
    this.#emit('disconnect', ProviderRpcError.disconnected())
  }

  reconnect(): void {
    this.#connected = true
    this.#emit('connect', { chainId: `0x${this.#chainId.toString(16)}` })
  }

  /** A second connect request while the first is still in the panel shares its answer (one prompt). */
  #requestAccounts(): Promise<Address[]> {
    if (this.#permitted) return Promise.resolve(this.accounts)
    this.#pendingConnect ??= this.#approve({
      method: 'eth_requestAccounts',
      title: `Connect to ${this.#origin}`,
      details: [
        ['Account', this.#accounts[0]!.address],
        ['Network', this.#chain().name],
      ],
    })
      .then((approved) => {
        if (!approved) throw ProviderRpcError.userRejected()
        this.#permitted = true
        this.#remember()
        this.#emit('accountsChanged', this.accounts)
        return this.accounts
      })
      .finally(() => {
        this.#pendingConnect = undefined
      })
    return this.#pendingConnect
  }

  async #personalSign(params: unknown[]): Promise<Hex> {
    // Some dapps send [address, message]; wallets accept both orders.
    let [message, address] = params as [unknown, unknown]
    if (isAddress(String(message)) && !isAddress(String(address))) [message, address] = [address, message]
    if (typeof message !== 'string') throw ProviderRpcError.invalidParams('personal_sign expects [message, address].')
    const account = this.#permittedAccount(address)
    const shown = isHex(message) ? readable(message) : message
    const approved = await this.#approve({
      method: 'personal_sign',
      title: 'Sign a message',
      details: [
        ['Account', account.address],
        ['Message', shown],
      ],
    })
    if (!approved) throw ProviderRpcError.userRejected()
    return account.signMessage({ message: isHex(message) ? { raw: message } : message })
  }

  async #signTypedData(params: unknown[]): Promise<Hex> {
    const [address, data] = params
    const account = this.#permittedAccount(address)
    let typed: TypedDataDefinition & { types: Record<string, unknown> }
    try {
      typed = typeof data === 'string' ? JSON.parse(data) : (data as typeof typed)
    } catch {
      throw ProviderRpcError.invalidParams('eth_signTypedData_v4 expects typed data as JSON.')
    }
    if (!typed || typeof typed !== 'object' || !typed.types || !typed.primaryType) {
      throw ProviderRpcError.invalidParams('eth_signTypedData_v4 expects { types, primaryType, domain, message }.')
    }
    const domainChainId = (typed.domain as { chainId?: unknown } | undefined)?.chainId
    if (domainChainId !== undefined && Number(domainChainId) !== this.#chainId) {
      throw ProviderRpcError.invalidParams(`The domain's chainId ${Number(domainChainId)} is not the active chain ${this.#chainId}.`)
    }
    const approved = await this.#approve({
      method: 'eth_signTypedData_v4',
      title: 'Sign typed data',
      details: [
        ['Account', account.address],
        ['Type', String(typed.primaryType)],
        ['Data', JSON.stringify(typed.message)],
      ],
    })
    if (!approved) throw ProviderRpcError.userRejected()
    const { EIP712Domain: _domain, ...types } = typed.types
    return account.signTypedData({ ...typed, types } as TypedDataDefinition)
  }

  async #sendTransaction(params: unknown[]): Promise<Hex> {
    const tx = params[0] as Record<string, unknown> | undefined
    if (!tx || typeof tx !== 'object') throw ProviderRpcError.invalidParams('eth_sendTransaction expects a transaction object.')
    const account = this.#permittedAccount(tx.from)
    const chain = this.#chain()
    const symbol = chain.nativeCurrency?.symbol ?? 'ETH'
    const value = optionalBigInt(tx.value) ?? 0n
    const approved = await this.#approve({
      method: 'eth_sendTransaction',
      title: tx.to ? `Send ${formatEther(value)} ${symbol}` : 'Deploy a contract',
      details: [
        ['From', account.address],
        ['To', typeof tx.to === 'string' ? tx.to : '(new contract)'],
        ['Network', chain.name],
        ...(typeof tx.data === 'string' && tx.data !== '0x' ? [['Data', tx.data] as const] : []),
      ],
    })
    if (!approved) throw ProviderRpcError.userRejected()
    return sendSignedTransaction({ account, chain, tx, rpc: (method, list) => this.#rpc(method, list) })
  }

  async #switchChain(params: unknown[]): Promise<null> {
    const chainId = parseChainId((params[0] as { chainId?: unknown } | undefined)?.chainId)
    const chain = this.#chains.get(chainId)
    if (!chain) throw ProviderRpcError.unrecognizedChain(`0x${chainId.toString(16)}`)
    if (chainId === this.#chainId) return null
    const approved = await this.#approve({
      method: 'wallet_switchEthereumChain',
      title: `Switch to ${chain.name}`,
      details: [
        ['From', this.#chain().name],
        ['To', `${chain.name} (${chain.id})`],
      ],
    })
    if (!approved) throw ProviderRpcError.userRejected()
    this.#setChain(chainId)
    return null
  }

  async #addChain(params: unknown[]): Promise<null> {
    const request = params[0] as
      | { chainId?: unknown; chainName?: unknown; rpcUrls?: unknown; nativeCurrency?: DevWalletChain['nativeCurrency'] }
      | undefined
    const chainId = parseChainId(request?.chainId)
    if (this.#chains.has(chainId)) return null
    const rpcUrl = Array.isArray(request?.rpcUrls) ? request.rpcUrls.find((url) => typeof url === 'string' && /^https?:\/\//.test(url)) : undefined
    if (typeof rpcUrl !== 'string') throw ProviderRpcError.invalidParams('wallet_addEthereumChain needs at least one http(s) rpcUrl.')
    if (typeof request?.chainName !== 'string' || request.chainName === '') {
      throw ProviderRpcError.invalidParams('wallet_addEthereumChain needs a chainName.')
    }
    const chain: DevWalletChain = { id: chainId, rpcUrl, name: request.chainName, nativeCurrency: request.nativeCurrency }
    const approved = await this.#approve({
      method: 'wallet_addEthereumChain',
      title: `Add ${chain.name}`,
      details: [
        ['Chain ID', String(chain.id)],
        ['RPC URL', chain.rpcUrl],
      ],
    })
    if (!approved) throw ProviderRpcError.userRejected()
    this.#chains.set(chainId, chain)
    this.#addedIds.add(chainId)
    this.#remember()
    return null
  }

  #permittedAccount(address: unknown): LocalAccount {
    if (!this.#permitted) throw ProviderRpcError.unauthorized('Call eth_requestAccounts first.')
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
      throw ProviderRpcError.invalidParams(`"${String(address)}" is not an address.`)
    }
    const account = this.#accounts.find((candidate) => isAddressEqual(candidate.address, address))
    if (!account) throw ProviderRpcError.unauthorized(`${address} is not an account of this wallet.`)
    return account
  }

  #chain(): DevWalletChain {
    return this.#chains.get(this.#chainId)!
  }

  #setChain(chainId: number): void {
    if (chainId === this.#chainId) return
    this.#chainId = chainId
    this.#remember()
    this.#emit('chainChanged', `0x${chainId.toString(16)}`)
  }

  async #rpc(method: string, params: unknown[]): Promise<unknown> {
    let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    try {
      const response = await fetch(this.#chain().rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++this.#rpcId, method, params }),
      })
      body = await response.json()
    } catch (error) {
      throw new ProviderRpcError(-32603, `Could not reach ${this.#chain().name}: ${(error as Error).message}`)
    }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  #emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        console.error(`A ${event} listener of the dev wallet threw`, error)
      }
    }
  }

  #recall(): Remembered {
    try {
      const raw = this.#storage?.getItem(this.#storageKey)
      return raw ? { permitted: false, ...JSON.parse(raw) } : { permitted: false }
    } catch {
      return { permitted: false }
    }
  }

  #remember(): void {
    const added = [...this.#chains.values()].filter((chain) => this.#addedIds.has(chain.id))
    try {
      this.#storage?.setItem(this.#storageKey, JSON.stringify({ permitted: this.#permitted, chainId: this.#chainId, added }))
    } catch {
      // A full or private-mode storage only costs the restore after a reload.
    }
  }
}
