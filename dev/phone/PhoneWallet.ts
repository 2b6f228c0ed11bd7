import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core, RELAYER_EVENTS } from '@walletconnect/core'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { isAddressEqual, type Address, type LocalAccount } from 'viem'
import type { Approver } from '../wallet/ApprovalPanel'
import type { DevWalletChain } from '../wallet/DevWalletChain'
import { ProviderRpcError } from '../wallet/ProviderRpcError'
import { keepCoreLocal } from '../../src/connectors/walletconnect/keepCoreLocal'
import type { Keypair } from '@solana/web3.js'
import { answerSessionRequest, PHONE_METHODS } from './answerSessionRequest'
import { answerSolanaRequest, type PhoneSolanaCluster } from './answerSolanaRequest'
import { accountAddresses, answerBitcoinRequest, type PhoneBitcoinNetwork } from './answerBitcoinRequest'
import { nextOrdinalKeys, type PhoneBitcoinKeys } from './phoneBitcoinKeys'
import { bitcoinNamespace, solanaNamespace } from './phoneNamespaces'
import { phoneWalletIcon } from './phoneWalletIcon'
import { readWalletConnectUri } from './readWalletConnectUri'

type Kit = InstanceType<typeof WalletKit>
type ActiveSession = ReturnType<Kit['getActiveSessions']>[string]

const EVENTS = ['accountsChanged', 'chainChanged']

/** A session proposal, as the phone shows it before the person decides. */
export type PhoneProposal = {
  id: number
  appName: string
  appUrl: string
  appIcon: string | undefined
  /** CAIP-2 chains the app asks for (required and optional). */
  chains: string[]
}

/** A connected app. */
export type PhoneSession = { topic: string; appName: string; appUrl: string }

/** Everything the phone page shows; replaced (never mutated) on each change. */
export type PhoneWalletState = {
  /** Addresses of the wallet, the selected one first. */
  accounts: readonly Address[]
  /** The Solana account in use (base58), the others it can switch to, and its cluster, when the phone has one. */
  solana: { address: string; addresses: readonly string[]; caip2: string } | undefined
  /** The Bitcoin account in use (its payment address), its ordinals address, the others it can switch to, and its network, when the phone has one. */
  bitcoin: { address: string; ordinal: string; addresses: readonly string[]; caip2: string } | undefined
  chainId: number
  chains: readonly DevWalletChain[]
  /** Whether the socket to the relay is open. */
  relayConnected: boolean
  proposal: PhoneProposal | undefined
  sessions: readonly PhoneSession[]
  /** The last thing that happened, in words. */
  status: string
  /** The last thing that went wrong, in words. */
  error: string | undefined
}

export type PhoneWalletOptions = {
  relayUrl: string
  projectId: string
  chains: readonly DevWalletChain[]
  accounts: readonly LocalAccount[]
  /** Asks the person before each session request (the approval panel). */
  approve: Approver
  /** The wallet's own page URL, sent to apps in its metadata. */
  url: string
  /** Keeps several phone wallets in one browser profile apart. */
  storagePrefix?: string
  /**
   * A Solana account (ed25519) on the local cluster, offered to apps that ask for that cluster;
   * `others` are accounts the person can switch to (see `selectSolanaAccount`).
   */
  solana?: { keypair: Keypair; cluster: PhoneSolanaCluster; others?: readonly Keypair[] }
  /** A Bitcoin account (payment and ordinals keys) on the regtest node, for apps that ask for it; `others` to switch to. */
  bitcoin?: { keys: PhoneBitcoinKeys; network: PhoneBitcoinNetwork; others?: readonly PhoneBitcoinKeys[] }
}

/**
 * The phone's WalletConnect wallet on `@reown/walletkit`: pairs with a scanned or pasted URI,
 * holds the proposal until the person approves or rejects it, answers session requests through
 * {@link answerSessionRequest}, and turns the person's account and network changes into session
 * updates and `accountsChanged` / `chainChanged` events for every connected app.
 *
 * @example
 * const phone = await PhoneWallet.create({ relayUrl, projectId: 'portico-dev', chains, accounts, approve, url: location.origin })
 * await phone.pair('wc:…')
 * phone.subscribe(() => render(phone.getState()))
 */
export class PhoneWallet {
  #kit: Kit
  #accounts: LocalAccount[]
  #chains: Map<number, DevWalletChain>
  #approve: Approver
  #solana: PhoneWalletOptions['solana']
  #bitcoin: PhoneWalletOptions['bitcoin']
  #state: PhoneWalletState
  #pendingProposal: WalletKitTypes.SessionProposal | undefined
  #listeners = new Set<() => void>()

  private constructor(kit: Kit, options: PhoneWalletOptions) {
    this.#kit = kit
    this.#accounts = [...options.accounts]
    this.#chains = new Map(options.chains.map((chain) => [chain.id, chain]))
    this.#approve = options.approve
    this.#solana = options.solana
    this.#bitcoin = options.bitcoin
    this.#state = {
      accounts: this.#accounts.map((account) => account.address),
      solana: options.solana && {
        address: options.solana.keypair.publicKey.toBase58(),
        addresses: [options.solana.keypair, ...(options.solana.others ?? [])].map((keypair) => keypair.publicKey.toBase58()),
        caip2: options.solana.cluster.caip2,
      },
      bitcoin: options.bitcoin && {
        address: options.bitcoin.keys.payment.address,
        ordinal: options.bitcoin.keys.ordinal.address,
        addresses: [options.bitcoin.keys, ...(options.bitcoin.others ?? [])].map((keys) => keys.payment.address),
        caip2: options.bitcoin.network.caip2,
      },
      chainId: options.chains[0]!.id,
      chains: [...options.chains],
      relayConnected: kit.core.relayer.connected,
      proposal: undefined,
      sessions: this.#readSessions(),
      status: 'Ready to scan',
      error: undefined,
    }
    kit.on('session_proposal', (proposal) => this.#onProposal(proposal))
    kit.on('session_request', (request) => void this.#onRequest(request))
    kit.on('session_delete', ({ topic }) => this.#onSessionGone(topic))
    kit.on('proposal_expire', ({ id }) => {
      if (this.#state.proposal?.id === id) this.#set({ proposal: undefined, error: 'The connection request expired' })
    })
    kit.core.relayer.on(RELAYER_EVENTS.connect, () => this.#set({ relayConnected: true }))
    kit.core.relayer.on(RELAYER_EVENTS.disconnect, () => this.#set({ relayConnected: false }))
  }

  static async create(options: PhoneWalletOptions): Promise<PhoneWallet> {
    if (options.chains.length === 0) throw new Error('The phone wallet needs at least one chain.')
    if (options.accounts.length === 0) throw new Error('The phone wallet needs at least one account.')
    const core = new Core({ projectId: options.projectId, relayUrl: options.relayUrl, customStoragePrefix: options.storagePrefix ?? 'portico-phone', telemetryEnabled: false })
    // No usage events and no attestation from WalletConnect's hosts: proposals show as unverified.
    keepCoreLocal(core)
    const kit = await WalletKit.init({
      core,
      metadata: { name: 'Portico Phone Wallet', description: 'The local stack’s mobile wallet', url: options.url, icons: [phoneWalletIcon] },
    })
    return new PhoneWallet(kit, options)
  }

  getState(): PhoneWalletState {
    return this.#state
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Shows a problem found outside the wallet (an unreadable QR image). */
  reportError(message: string): void {
    this.#set({ error: message })
  }

  /** Pairs with what was scanned or pasted; the app's proposal follows through the relay. */
  async pair(text: string): Promise<void> {
    try {
      const uri = readWalletConnectUri(text)
      this.#set({ status: 'Pairing…', error: undefined })
      await this.#kit.pair({ uri })
      // The proposal may already be here (the relay keeps it for late subscribers).
      if (!this.#state.proposal) this.#set({ status: 'Paired: waiting for the app’s request' })
    } catch (error) {
      this.#set({ status: 'Ready to scan', error: (error as Error).message })
    }
  }

  async approveProposal(): Promise<void> {
    const proposal = this.#pendingProposal
    if (!proposal) return
    this.#pendingProposal = undefined
    const appName = proposal.params.proposer.metadata.name
    let namespaces: ReturnType<typeof buildApprovedNamespaces>
    try {
      namespaces = buildApprovedNamespaces({
        proposal: proposal.params,
        supportedNamespaces: { eip155: this.#namespace([...this.#chains.keys()].map((id) => `eip155:${id}`)), ...solanaNamespace(proposal.params, this.#solana), ...bitcoinNamespace(proposal.params, this.#bitcoin) },
      })
      if (Object.keys(namespaces).length === 0) throw new Error(`none of the networks it asks for (${this.#state.proposal?.chains.join(', ') || 'none'}) is in this wallet`)
    } catch (error) {
      // The app asks for what this wallet does not have (a chain, a method): it is told so.
      await this.#kit.rejectSession({ id: proposal.id, reason: getSdkError('UNSUPPORTED_CHAINS') }).catch(() => undefined)
      this.#set({ proposal: undefined, status: 'Ready to scan', error: `Could not connect to ${appName}: ${(error as Error).message}` })
      return
    }
    try {
      await this.#kit.approveSession({ id: proposal.id, namespaces })
      this.#set({ proposal: undefined, sessions: this.#readSessions(), status: `Connected to ${appName}`, error: undefined })
    } catch (error) {
      this.#set({ proposal: undefined, status: 'Ready to scan', error: `Could not connect to ${appName}: ${(error as Error).message}` })
    }
  }

  async rejectProposal(): Promise<void> {
    const proposal = this.#pendingProposal
    if (!proposal) return
    this.#pendingProposal = undefined
    this.#set({ proposal: undefined, status: `Rejected ${proposal.params.proposer.metadata.name}` })
    await this.#kit.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') }).catch((error: Error) => this.#set({ error: error.message }))
  }

  /** Selects an account, as tapping it in the wallet would: every app gets the new order and `accountsChanged`. */
  async selectAccount(address: Address): Promise<void> {
    const index = this.#accounts.findIndex((account) => isAddressEqual(account.address, address))
    if (index < 0) throw new Error(`The phone wallet has no account ${address}.`)
    this.#accounts.unshift(...this.#accounts.splice(index, 1))
    this.#set({ accounts: this.#accounts.map((account) => account.address) })
    await this.#eachSession(async (session) => {
      await this.#updateSession(session.topic, [])
      const chains = session.namespaces.eip155?.chains ?? []
      const chainId = chains.includes(`eip155:${this.#state.chainId}`) ? `eip155:${this.#state.chainId}` : chains[0]
      if (chainId) await this.#kit.emitSessionEvent({ topic: session.topic, event: { name: 'accountsChanged', data: [address] }, chainId })
    })
    this.#set({ status: `Account ${address}` })
  }

  /**
   * Switches the Solana account in use, as tapping another in the wallet would: every app's
   * session is updated (`session_update`) to hold that account, the way wallets tell apps of a
   * Solana account change.
   */
  async selectSolanaAccount(address: string): Promise<void> {
    const solana = this.#solana
    const keypair = solana && [solana.keypair, ...(solana.others ?? [])].find((candidate) => candidate.publicKey.toBase58() === address)
    if (!solana || !keypair || !this.#state.solana) throw new Error(`The phone wallet has no Solana account ${address}.`)
    // The account left stays one to switch back to.
    this.#solana = { ...solana, keypair, others: [solana.keypair, ...(solana.others ?? [])].filter((candidate) => candidate !== keypair) }
    this.#set({ solana: { ...this.#state.solana, address } })
    const chain = solana.cluster.caip2
    await this.#eachSession(async (session) => {
      const current = this.#kit.getActiveSessions()[session.topic]?.namespaces.solana
      if (!current) return
      await this.#kit.updateSession({ topic: session.topic, namespaces: { ...this.#kit.getActiveSessions()[session.topic]!.namespaces, solana: { ...current, accounts: [`${chain}:${address}`] } } })
    })
    this.#set({ status: `Solana account ${address}` })
  }

  /** Switches the Bitcoin account in use: every app's session is updated (`session_update`) to hold its payment address. */
  async selectBitcoinAccount(address: string): Promise<void> {
    const bitcoin = this.#bitcoin
    const keys = bitcoin && [bitcoin.keys, ...(bitcoin.others ?? [])].find((candidate) => candidate.payment.address === address)
    if (!bitcoin || !keys || !this.#state.bitcoin) throw new Error(`The phone wallet has no Bitcoin account ${address}.`)
    this.#bitcoin = { ...bitcoin, keys, others: [bitcoin.keys, ...(bitcoin.others ?? [])].filter((candidate) => candidate !== keys) }
    this.#set({ bitcoin: { ...this.#state.bitcoin, address, ordinal: keys.ordinal.address } })
    const chain = bitcoin.network.caip2
    await this.#eachSession(async (session) => {
      const namespaces = this.#kit.getActiveSessions()[session.topic]?.namespaces
      if (!namespaces?.bip122) return
      await this.#kit.updateSession({ topic: session.topic, namespaces: { ...namespaces, bip122: { ...namespaces.bip122, accounts: [`${chain}:${address}`] } } })
    })
    this.#set({ status: `Bitcoin account ${address}` })
  }

  /**
   * Gives the Bitcoin account in use its next ordinals address, as a wallet does for a new
   * inscription: `getAccountAddresses` lists it from now on, and every app whose session holds
   * bip122 gets `bip122_addressesChanged` with the account's addresses (the payment address stays).
   */
  async newOrdinalAddress(): Promise<void> {
    const bitcoin = this.#bitcoin
    if (!bitcoin || !this.#state.bitcoin) throw new Error('The phone wallet has no Bitcoin account.')
    const keys = nextOrdinalKeys(bitcoin.keys)
    this.#bitcoin = { ...bitcoin, keys }
    this.#set({ bitcoin: { ...this.#state.bitcoin, ordinal: keys.ordinal.address } })
    const chainId = bitcoin.network.caip2
    await this.#eachSession(async (session) => {
      if (!this.#kit.getActiveSessions()[session.topic]?.namespaces.bip122) return
      await this.#kit.emitSessionEvent({ topic: session.topic, event: { name: 'bip122_addressesChanged', data: accountAddresses(keys) }, chainId })
    })
    this.#set({ status: `Ordinals address ${keys.ordinal.address}` })
  }

  /** Selects a network: apps whose session lacks it get it added, then every app gets `chainChanged`. */
  async selectChain(chainId: number): Promise<void> {
    const chain = this.#chains.get(chainId)
    if (!chain) throw new Error(`The phone wallet has no chain ${chainId}.`)
    this.#set({ chainId })
    await this.#eachSession(async (session) => {
      await this.#updateSession(session.topic, [`eip155:${chainId}`])
      await this.#kit.emitSessionEvent({ topic: session.topic, event: { name: 'chainChanged', data: chainId }, chainId: `eip155:${chainId}` })
    })
    this.#set({ status: `Network ${chain.name}` })
  }

  /** Ends the session from the wallet's side; the app gets `session_delete`. */
  async disconnect(topic: string): Promise<void> {
    try {
      await this.#kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
      this.#onSessionGone(topic)
    } catch (error) {
      this.#set({ error: `Could not disconnect: ${(error as Error).message}` })
    }
  }

  #onProposal(proposal: WalletKitTypes.SessionProposal): void {
    const { proposer, requiredNamespaces, optionalNamespaces } = proposal.params
    const chains = [...Object.values(requiredNamespaces ?? {}), ...Object.values(optionalNamespaces ?? {})].flatMap((namespace) => namespace.chains ?? [])
    this.#pendingProposal = proposal
    this.#set({
      proposal: { id: proposal.id, appName: proposer.metadata.name, appUrl: proposer.metadata.url, appIcon: proposer.metadata.icons[0], chains: [...new Set(chains)] },
      status: `${proposer.metadata.name} asks to connect`,
      error: undefined,
    })
  }

  async #onRequest(event: WalletKitTypes.SessionRequest): Promise<void> {
    const { topic, id, params } = event
    const appName = this.#kit.getActiveSessions()[topic]?.peer.metadata.name ?? 'An app'
    try {
      const solana = this.#solana
      const bitcoin = this.#bitcoin
      const result = params.chainId.startsWith('bip122:')
        ? await (bitcoin
            ? answerBitcoinRequest(params.request, params.chainId, { appName, keys: bitcoin.keys, network: bitcoin.network, approve: this.#approve })
            : Promise.reject(ProviderRpcError.unsupportedMethod(params.request.method)))
        : params.chainId.startsWith('solana:')
        ? await (solana
            ? answerSolanaRequest(params.request, params.chainId, { appName, keypair: solana.keypair, cluster: solana.cluster, approve: this.#approve })
            : Promise.reject(ProviderRpcError.unsupportedMethod(params.request.method)))
        : await answerSessionRequest(params.request, params.chainId, {
        appName,
        accounts: this.#accounts,
        chains: this.#chains,
        approve: this.#approve,
        switchChain: (chainId) => this.selectChain(chainId),
        addChain: (chain) => {
          this.#chains.set(chain.id, chain)
          this.#set({ chains: [...this.#chains.values()] })
        },
      })
      await this.#kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
      this.#set({ status: `Answered ${params.request.method} for ${appName}` })
    } catch (error) {
      const { code, message } = ProviderRpcError.from(error)
      await this.#kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: { code, message } } }).catch(() => undefined)
      this.#set({ status: `Refused ${params.request.method} for ${appName}: ${message}` })
    }
  }

  #onSessionGone(topic: string): void {
    const gone = this.#state.sessions.find((session) => session.topic === topic)
    this.#set({ sessions: this.#readSessions(), status: gone ? `Disconnected from ${gone.appName}` : this.#state.status })
  }

  /** Re-sends the session's namespace with the selected account first on every chain, plus `extraChains`. */
  async #updateSession(topic: string, extraChains: string[]): Promise<void> {
    const session = this.#kit.getActiveSessions()[topic]
    if (!session) return
    const current = session.namespaces.eip155
    const chains = [...new Set([...(current?.chains ?? []), ...extraChains])]
    // Not waiting for the app's acknowledgement: an app that went away must not hold the wallet up.
    await this.#kit.updateSession({ topic, namespaces: { ...session.namespaces, eip155: { ...this.#namespace(chains), methods: current?.methods ?? [...PHONE_METHODS] } } })
  }

  #namespace(chains: string[]) {
    return {
      chains,
      methods: [...PHONE_METHODS],
      events: EVENTS,
      accounts: chains.flatMap((chain) => this.#accounts.map((account) => `${chain}:${account.address}`)),
    }
  }

  async #eachSession(action: (session: ActiveSession) => Promise<void>): Promise<void> {
    for (const session of Object.values(this.#kit.getActiveSessions())) {
      try {
        await action(session)
      } catch (error) {
        this.#set({ error: `${session.peer.metadata.name}: ${(error as Error).message}` })
      }
    }
  }

  #readSessions(): PhoneSession[] {
    return Object.values(this.#kit.getActiveSessions()).map((session) => ({ topic: session.topic, appName: session.peer.metadata.name, appUrl: session.peer.metadata.url }))
  }

  #set(patch: Partial<PhoneWalletState>): void {
    this.#state = { ...this.#state, ...patch }
    for (const listener of this.#listeners) listener()
  }
}
