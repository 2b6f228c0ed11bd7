import { UniversalProvider } from '@walletconnect/universal-provider'
import type { CaipNetworkId, Namespace, Network } from '../../networks/Network'
import type { ConnectionResult, EIP1193Provider } from '../Connector'
import { WalletError, isUnrecognizedChain, toWalletError } from '../walletErrors'
import { keepCoreLocal } from './keepCoreLocal'
import { settledWithin } from './settledWithin'
import { toConnectError } from './toConnectError'
import { trackPairingDeletions, type PairingDeletions } from './trackPairingDeletions'
import type { ProposalNamespaces } from './walletConnectNamespaces'

/** What the session reports to its connector. */
export type WalletConnectSessionEvents = {
  /** A pairing's URI to show; `createdAt` is when the pairing was made (ms since epoch). */
  onUri(uri: string, createdAt: number): void
  /** The accounts of `namespace` changed (eip155: the provider's events; others: a `session_update`). */
  onAccounts(accounts: readonly string[], namespace: Namespace): void
  onChain(chainId: CaipNetworkId): void
  /** The wallet's `bip122_addressesChanged`: its Bitcoin account's addresses in `data` (as sent, unchecked), `accounts` the session's bip122 accounts. */
  onBitcoinAddresses(data: unknown, accounts: readonly string[]): void
  onDisconnect(error?: Error): void
}

export type WalletConnectSessionOptions = {
  projectId: string
  relayUrl: string | undefined
  metadata: { name: string; description: string; url: string; icons: string[] }
  /** Separates this app's stored pairings and sessions from another client's on the same origin. */
  storagePrefix: string | undefined
}

type UniversalProviderInstance = Awaited<ReturnType<typeof UniversalProvider.init>>
type Session = NonNullable<UniversalProviderInstance['session']>

/** The chain families whose account changes come as `session_update` (their wallets send no `accountsChanged`). */
const UPDATED_NAMESPACES: readonly Namespace[] = ['solana', 'bip122']

/** How long the provider may take to start (it connects to the relay) before the modal says it could not. */
const RELAY_TIMEOUT_MS = 10_000

/** How long `close()` lets the core finish making or deleting pairings (a subscribe or unsubscribe each on the relay) before it closes the socket. */
const SETTLE_TIMEOUT_MS = 5_000

/**
 * How long a pairing made ahead (`preparePairing`) may wait to be shown: the modal's 4 minutes
 * of a shown URI, less the 10 s within which it makes a new one (`controllers/WalletConnectPairing.ts`).
 */
const PREPARED_MAX_AGE_MS = 4 * 60_000 - 10_000

/** The clocks of the (shared, per storage prefix) cores whose last session was closed. */
const stoppedHeartbeats = new WeakSet<object>()

/**
 * One pairing and its proposal on the relay: `uri` settles once the relay took the proposal,
 * `approval` once the wallet answered. `key` names the proposal's namespaces.
 */
type PairingAttempt = { key: string; createdAt: number; uri: Promise<string>; approval: Promise<unknown> }

/**
 * A WalletConnect session over `@walletconnect/universal-provider`: pairing (the `wc:` URI), the
 * session's accounts and chain, the wallet's events, network switches and an EIP-1193 provider
 * for the app. This module is the WalletConnect chunk: `WalletConnectConnector` imports it only
 * when it needs a URI or restores a session.
 */
export class WalletConnectSession {
  readonly #provider: UniversalProviderInstance
  readonly #events: WalletConnectSessionEvents
  readonly #relayUrl: string | undefined
  #accounts: string[] = []
  /** The Solana and Bitcoin accounts last reported, to tell a `session_update` that changes them. */
  #updatedAccounts = new Map<Namespace, string>()
  /** The pairing made ahead of `connect` (see `preparePairing`), until a `connect` shows it. */
  #prepared: PairingAttempt | undefined
  /** The pairing shown last, while the wallet has not answered it: shown again when `connect` may reuse it. */
  #shown: PairingAttempt | undefined
  /** The pairings the core is deleting (after each disconnect), which `close()` lets finish. */
  readonly #deletions: PairingDeletions
  /** Set by `close()`: no pairing is made ahead any more (it would open the socket again). */
  #closed = false

  private constructor(provider: UniversalProviderInstance, events: WalletConnectSessionEvents, relayUrl: string | undefined) {
    this.#provider = provider
    this.#events = events
    this.#relayUrl = relayUrl
    this.#deletions = trackPairingDeletions(provider.client.core)
    provider.on('accountsChanged', (accounts: string[]) => this.#reportAccounts(accounts))
    provider.on('chainChanged', (chainId: string | number) => events.onChain(toCaip('eip155', chainId)))
    provider.on('session_update', () => {
      // A session of Solana accounts only has no eip155 accounts to report: it is not ending.
      if (this.namespaces().length === 0) return this.#ended()
      if (this.#sessionAccounts('eip155').length > 0) this.#reportAccounts(this.#sessionAccounts('eip155'))
      // A wallet changes its Solana or Bitcoin account by updating the session (no accountsChanged event there).
      for (const namespace of UPDATED_NAMESPACES) {
        const accounts = this.#sessionAccounts(namespace)
        if (accounts.length === 0 || accounts.join() === this.#updatedAccounts.get(namespace)) continue
        this.#updatedAccounts.set(namespace, accounts.join())
        events.onAccounts(accounts, namespace)
      }
    })
    // The provider hands on a session event it does not know under its own name, with the event's data.
    provider.on('bip122_addressesChanged', (data: unknown) => {
      const accounts = this.#sessionAccounts('bip122')
      if (accounts.length > 0) events.onBitcoinAddresses(data, accounts)
    })
    provider.on('session_delete', () => this.#ended())
    provider.on('disconnect', () => this.#ended())
  }

  /** Starts the sign client on the relay; a session stored by an earlier visit is loaded, not asked for. */
  static async create(options: WalletConnectSessionOptions, events: WalletConnectSessionEvents): Promise<WalletConnectSession> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const unreachable = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(relayUnreachable(options.relayUrl)), RELAY_TIMEOUT_MS)
    })
    const starting = UniversalProvider.init({
      projectId: options.projectId,
      metadata: options.metadata,
      ...(options.relayUrl && { relayUrl: options.relayUrl }),
      ...(options.storagePrefix && { customStoragePrefix: options.storagePrefix }),
      // No usage events to WalletConnect's analytics host: every host Portico contacts is configured.
      telemetryEnabled: false,
      logger: 'error',
    })
    try {
      const provider = await Promise.race([starting, unreachable])
      // Nothing has asked Verify yet (it is asked on a proposal or request): from here it never is.
      keepCoreLocal(provider.client.core)
      // The core is shared per storage prefix: one an earlier session closed gets its clock back.
      const { heartbeat } = provider.client.core
      if (stoppedHeartbeats.delete(heartbeat)) await heartbeat.init()
      return new WalletConnectSession(provider, events, options.relayUrl)
    } finally {
      clearTimeout(timer)
    }
  }

  /**
   * Makes the pairing the next `connect` with the same `request` shows, without waiting for it:
   * the `wc:` URI and the proposal are on the relay before the visitor asks for them (the
   * `portico:walletconnect-pairing` performance mark is set then). Nothing happens while a
   * session is live, or while a fresh pairing is already made.
   */
  preparePairing(request: ProposalNamespaces): void {
    if (this.#closed || this.#provider.session) return
    const key = JSON.stringify(request)
    const prepared = this.#prepared
    if (prepared?.key === key && Date.now() - prepared.createdAt < PREPARED_MAX_AGE_MS) return
    const attempt = (this.#prepared = this.#pair(request, key))
    // Never shown, it fails quietly (an expired proposal, a relay gone): `connect` then pairs anew.
    const forget = () => {
      if (this.#prepared === attempt) this.#prepared = undefined
    }
    attempt.approval.catch(forget)
    // A User Timing mark, as for the modal's preload: a page's tools can tell when the QR is ready.
    attempt.uri.then(() => globalThis.performance?.mark?.('portico:walletconnect-pairing'), () => undefined)
  }

  /** Whether a pairing made ahead has its URI ready for the next `connect`. */
  get pairingPrepared(): Promise<boolean> {
    const prepared = this.#prepared
    return prepared ? prepared.uri.then(() => this.#prepared === prepared, () => false) : Promise.resolve(false)
  }

  /**
   * Pairs with a wallet: `onUri` hears the `wc:` URI to show, and this resolves once the wallet
   * approves. The URI is the one made ahead by `preparePairing` while it is fresh; else, with
   * `reusePairing`, the one shown last while it is fresh; else a new one. Aborting `signal`
   * abandons the wait ('Modal closed'); the pairing stays on the relay until it expires.
   */
  async connect(request: ProposalNamespaces, options: { namespace: Namespace; chainId?: CaipNetworkId | undefined; signal?: AbortSignal | undefined; reusePairing?: boolean | undefined }): Promise<ConnectionResult> {
    const { signal } = options
    if (signal?.aborted) throw WalletError.modalClosed()
    if (this.#provider.session) await this.disconnect()
    const aborted = new Promise<never>((_, reject) => {
      signal?.addEventListener('abort', () => reject(WalletError.modalClosed()), { once: true })
    })
    aborted.catch(() => undefined)
    const key = JSON.stringify(request)
    const prepared = this.#prepared
    const fresh = (candidate: PairingAttempt | undefined): candidate is PairingAttempt => candidate?.key === key && Date.now() - candidate.createdAt < PREPARED_MAX_AGE_MS
    // The pairing shown last comes first when it may be reused: its link may already be open in the wallet.
    const attempt = options.reusePairing && fresh(this.#shown) ? this.#shown : fresh(prepared) ? prepared : this.#pair(request, key)
    this.#shown = attempt
    if (attempt === prepared) this.#prepared = undefined
    // The URI comes once the relay took the proposal: without it in time, the relay is out of reach.
    let timer: ReturnType<typeof setTimeout> | undefined
    const unreachable = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(relayUnreachable(this.#relayUrl)), RELAY_TIMEOUT_MS)
    })
    unreachable.catch(() => undefined)
    try {
      const uri = await Promise.race([attempt.uri, aborted, unreachable])
      clearTimeout(timer)
      this.#events.onUri(uri, attempt.createdAt)
      await Promise.race([attempt.approval, aborted])
    } catch (error) {
      throw toConnectError(error)
    } finally {
      clearTimeout(timer)
    }
    const chainId = options.chainId
    if (chainId && this.#sessionChains(options.namespace).includes(chainId)) this.#provider.setDefaultChain(chainId)
    // One session may hold several chain families: the one asked for comes first (else the first
    // the wallet approved), the others ride along so that each namespace's stores fill at once.
    const approved = this.namespaces()
    const primary = approved.includes(options.namespace) ? options.namespace : (approved[0] ?? options.namespace)
    const others = approved.filter((namespace) => namespace !== primary).map((namespace) => this.#result(namespace))
    return { ...this.#result(primary), ...(others.length > 0 && { alsoConnected: others }) }
  }

  /** The chain families the session holds accounts in, in the wallet's order. */
  namespaces(): Namespace[] {
    const namespaces = (this.#provider.session as Session | undefined)?.namespaces ?? {}
    return (Object.keys(namespaces) as Namespace[]).filter((namespace) => this.#sessionAccounts(namespace).length > 0)
  }

  /** The session's first account in `namespace` and its chain (CAIP-2), or `undefined`. */
  account(namespace: Namespace): { address: string; chainId: CaipNetworkId } | undefined {
    const address = this.#sessionAccounts(namespace)[0]
    return address ? { address, chainId: this.#currentChain(namespace) } : undefined
  }

  /**
   * Sends one request to the wallet over the session on `chainId` (a Solana method with its
   * WalletConnect shapes, say); the wallet's refusal comes back as the provider's error.
   */
  async request(method: string, params: unknown, chainId: CaipNetworkId): Promise<unknown> {
    if (!this.#provider.session) throw new WalletError('Wallet disconnected', { details: 'The WalletConnect session has ended.' })
    return this.#provider.request({ method, params: params as object }, chainId)
  }

  /** The stored session, as it was approved and updated since; `undefined` when there is none. */
  restore(namespace: Namespace): ConnectionResult | undefined {
    if (!this.#provider.session || this.#sessionAccounts(namespace).length === 0) return undefined
    return this.#result(namespace)
  }

  /** Ends the session on both sides (the wallet hears it through the relay). */
  async disconnect(): Promise<void> {
    if (!this.#provider.session) return
    try {
      await this.#provider.disconnect()
    } catch {
      // The relay or the wallet is gone: the session is forgotten here all the same.
      await this.#provider.cleanupPendingPairings({ deletePairings: true }).catch(() => undefined)
      this.#provider.session = undefined
    }
    this.#accounts = []
    this.#updatedAccounts.clear()
  }

  /**
   * Moves the session to `network`: `wallet_switchEthereumChain` over the session (the provider
   * switches locally when the session already holds the chain), and `wallet_addEthereumChain`
   * first when the wallet does not know it.
   */
  async switchNetwork(network: Network): Promise<void> {
    if (network.chainNamespace !== 'eip155') {
      // A Solana request names its chain: the session either holds the network or cannot use it.
      if (this.#sessionChains(network.chainNamespace).includes(network.caipNetworkId)) return
      throw new WalletError('Unsupported chain', { details: `The WalletConnect session holds no account on ${network.caipNetworkId}.` })
    }
    const chainId = `0x${Number(network.id).toString(16)}`
    try {
      await this.#provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    } catch (error) {
      if (!isUnrecognizedChain(error)) throw toWalletError(error, 'switchChain')
      try {
        await this.#provider.request({
          method: 'wallet_addEthereumChain',
          params: [{
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: network.rpcUrls.default.http,
            blockExplorerUrls: network.explorers?.map((explorer) => explorer.url) ?? [],
          }],
        })
        await this.#provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      } catch (addError) {
        throw toWalletError(addError, 'switchChain')
      }
    }
  }

  /** The session as EIP-1193 for the app's own calls (viem `custom(...)`), on the session's current chain. */
  readonly eip1193: EIP1193Provider = {
    request: async (args) => {
      const result = await this.#provider.request(args as { method: string; params?: unknown[] })
      // The provider answers eth_chainId with a number; EIP-1193 callers expect a hex string.
      return args.method === 'eth_chainId' && typeof result === 'number' ? `0x${result.toString(16)}` : result
    },
    on: (event, listener) => this.#provider.on(event, listener),
    removeListener: (event, listener) => this.#provider.removeListener(event, listener),
  }

  /**
   * Stops the core's clock and closes the socket to the relay; the stored session stays for the
   * next page load. The clock (a 5 s interval) drives the core's expirer, which would otherwise
   * go on unsubscribing expired pairings, reopening the socket to do so, after `destroy()`.
   * A pairing being made subscribes its topic, and the pairings the core is deleting (a
   * disconnect expires them all) unsubscribe theirs: both finish first. Closed under them, the
   * socket would be opened again, and with the relay out of reach the core would reject where
   * nothing catches it.
   */
  async close(): Promise<void> {
    this.#closed = true
    const { heartbeat, relayer } = this.#provider.client.core
    heartbeat.stop()
    stoppedHeartbeats.add(heartbeat)
    await settledWithin([this.#prepared, this.#shown].flatMap((attempt) => (attempt ? [attempt.uri] : [])), SETTLE_TIMEOUT_MS)
    this.#prepared = this.#shown = undefined
    await this.#deletions.settled(SETTLE_TIMEOUT_MS)
    this.#deletions.stop()
    await relayer.transportClose()
  }

  get connected(): boolean {
    return this.#provider.session !== undefined
  }

  /** Starts a pairing and its proposal on the relay; its URI is caught from the provider's `display_uri`. */
  #pair(request: ProposalNamespaces, key: string): PairingAttempt {
    let showUri: (uri: string) => void = () => undefined
    const uri = new Promise<string>((resolve) => (showUri = resolve))
    this.#provider.once('display_uri', showUri)
    const approval = this.#provider.connect({ namespaces: request.namespaces, optionalNamespaces: request.optionalNamespaces })
    const failed = approval.then(() => Promise.race([]), (error: unknown) => {
      this.#provider.removeListener('display_uri', showUri)
      throw error
    })
    const attempt = { key, createdAt: Date.now(), uri: Promise.race([uri, failed]) as Promise<string>, approval }
    attempt.uri.catch(() => undefined)
    const answered = () => {
      if (this.#shown === attempt) this.#shown = undefined
    }
    approval.then(answered, answered)
    return attempt
  }

  #result(namespace: Namespace): ConnectionResult {
    const accounts = this.#sessionAccounts(namespace)
    // The provider's account events are eip155's: those are the accounts they compare against.
    if (namespace === 'eip155' || this.#accounts.length === 0) this.#accounts = accounts
    if (UPDATED_NAMESPACES.includes(namespace)) this.#updatedAccounts.set(namespace, accounts.join())
    // A bip122 session account is the wallet's payment address (WalletConnect's first external address).
    const accountTypes = namespace === 'bip122' ? { accountTypes: Object.fromEntries(accounts.map((address) => [address, 'payment' as const])) } : {}
    return { accounts, chainId: this.#currentChain(namespace), namespace, ...accountTypes }
  }

  /** The session's chain in use: the provider's default chain of that namespace. */
  #currentChain(namespace: Namespace): CaipNetworkId {
    const chains = this.#sessionChains(namespace)
    const provider = (this.#provider.rpcProviders as Record<string, { getDefaultChain(): string } | undefined>)[namespace]
    const reference = provider?.getDefaultChain()
    return reference ? toCaip(namespace, reference) : (chains[0] ?? `${namespace}:unknown`)
  }

  /** Addresses of the session's accounts in `namespace`, without repeats, in the wallet's order. */
  #sessionAccounts(namespace: Namespace): string[] {
    const accounts = (this.#provider.session as Session | undefined)?.namespaces[namespace]?.accounts ?? []
    return [...new Set(accounts.map((account) => account.split(':')[2]).filter((address): address is string => Boolean(address)))]
  }

  #sessionChains(namespace: Namespace): CaipNetworkId[] {
    const accounts = (this.#provider.session as Session | undefined)?.namespaces[namespace]?.accounts ?? []
    return [...new Set(accounts.map((account) => account.split(':').slice(0, 2).join(':') as CaipNetworkId))]
  }

  #reportAccounts(accounts: readonly string[]): void {
    const next = [...new Set(accounts)]
    if (next.length === 0) return this.#ended()
    if (next.join() === this.#accounts.join()) return
    this.#accounts = next
    this.#events.onAccounts(next, 'eip155')
  }

  #ended(): void {
    if (this.#accounts.length === 0) return
    this.#accounts = []
    this.#updatedAccounts.clear()
    this.#events.onDisconnect()
  }
}

function relayUnreachable(relayUrl: string | undefined): WalletError {
  return new WalletError('Could not reach the WalletConnect relay', { details: `No answer from ${relayUrl ?? 'the default relay'} within ${RELAY_TIMEOUT_MS / 1000} s` })
}

function toCaip(namespace: Namespace, chainId: string | number): CaipNetworkId {
  const text = String(chainId)
  if (text.includes(':')) return text as CaipNetworkId
  return `${namespace}:${text.startsWith('0x') ? Number.parseInt(text, 16) : text}`
}
