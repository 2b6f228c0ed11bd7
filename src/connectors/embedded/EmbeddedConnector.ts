import { ConnectorConfigError } from '../../errors/ConnectorConfigError'
import type { Namespace, Network } from '../../networks/Network'
import type { AuthConnector, EmailConnectAction, UpdateEmailAction } from '../AuthConnector'
import type { ConnectionResult, ConnectOptions, ConnectorContext, NamespaceProvider } from '../Connector'
import { connectorEvents } from '../connectorEvents'
import { EmbeddedFrameClosedError } from './EmbeddedFrameClosedError'
import { lazySession } from '../lazySession'
import { EMBEDDED_STORAGE_KEYS } from './embeddedStorageKeys'
import type { EmbeddedSession } from './EmbeddedSession'

export type EmbeddedWalletOptions = {
  /** The secure site's frame page (its own origin), e.g. `https://wallet.example.com/` or dev/secure-site's URL. */
  secureSiteUrl: string
  /** The project whose allowed origins the secure site checks (default: the app's `projectId`). */
  projectId?: string
  /** The name of the entry (default 'Email'). */
  name?: string
}

/**
 * The embedded (email and social) wallet as an `auth` {@link AuthConnector}. Nothing of it loads
 * at startup: the frame, its protocol and schemas are imported, and the iframe added to the page,
 * only once the modal shows the email field or the social logins (when the page is idle, so that
 * the next screen does not wait for it), when the visitor picks one, or when a stored session is
 * restored.
 *
 * @example
 * createPortico({ networks, projectId, connectors: [embeddedWallet({ secureSiteUrl: 'https://wallet.example.com/' })] })
 */
export class EmbeddedConnector implements AuthConnector {
  readonly id = 'embedded'
  readonly type = 'auth' as const
  readonly name: string
  readonly imageUrl = undefined
  readonly namespaces: readonly Namespace[] = ['eip155']
  readonly #options: EmbeddedWalletOptions
  readonly #events = connectorEvents()
  readonly #session = lazySession<EmbeddedSession>((session) => session.close())
  /** The context of the last `prepare`, `connect` or `reconnect`: the login steps before `connect` run in it. */
  #context: ConnectorContext | undefined
  /** The session whose frame is still loading: a close removes it at once, without waiting for its READY. */
  #loading: EmbeddedSession | undefined
  /** Counts the closes: a load that a close overtook (its chunk still on the way) adds no frame. */
  #closes = 0

  constructor(options: EmbeddedWalletOptions) {
    const url = URL.canParse(options.secureSiteUrl) ? new URL(options.secureSiteUrl) : undefined
    if (url?.protocol !== 'https:' && url?.protocol !== 'http:') throw new ConnectorConfigError('secureSiteUrlInvalid', { value: JSON.stringify(options.secureSiteUrl) })
    this.#options = options
    this.name = options.name ?? 'Email'
  }

  readonly on = this.#events.on

  /** Adds the frame to the page (once), so that the login steps can run. */
  async prepare(context: ConnectorContext): Promise<void> {
    await this.#load(context)
  }

  async connect(options: ConnectOptions): Promise<ConnectionResult> {
    const session = await this.#load(options.context)
    const active = options.chainId ?? options.context.activeNetworkIds.eip155
    return session.connect(active?.startsWith('eip155:') ? Number(active.slice(7)) : undefined)
  }

  async reconnect(options: { namespace: Namespace; context: ConnectorContext }): Promise<ConnectionResult | undefined> {
    // The frame is added for a restore only when this device logged in before.
    if (options.context.storage.getItem(EMBEDDED_STORAGE_KEYS.EMAIL_LOGIN_USED) !== 'true') return undefined
    try {
      return await (await this.#load(options.context)).connect(undefined)
    } catch {
      return undefined
    }
  }

  /** Signs out in the frame, then removes the frame (the next login adds it again). */
  async disconnect(): Promise<void> {
    const session = this.#session.started
    if (!session) return
    try {
      await (await session).signOut()
    } finally {
      await this.#session.close()
    }
  }

  /** Removes the frame and stops following the theme; the signed-in session stays for the next visit. */
  close(): Promise<void> {
    this.#closes++
    this.#loading?.close()
    return this.#session.close()
  }

  async switchNetwork(network: Network): Promise<void> {
    const session = this.#session.current
    if (!session) throw new ConnectorConfigError('notConnected', { connector: this.name })
    await session.switchNetwork(Number(network.id))
  }

  getProvider<N extends Namespace>(namespace: N): NamespaceProvider[N] | undefined {
    const session = this.#session.current
    if (namespace !== 'eip155' || !session?.connected) return undefined
    return session.provider as NamespaceProvider[N]
  }

  accountPageUrl(): string {
    const url = new URL('account.html', this.#options.secureSiteUrl)
    const projectId = this.#options.projectId || this.#context?.projectId
    if (projectId) url.searchParams.set('projectId', projectId)
    // The page serves this app origin's session and device share (each app origin is a device of its own).
    url.searchParams.set('appOrigin', window.location.origin)
    return url.href
  }

  setPreferredAccountType(type: 'eoa' | 'smartAccount') {
    return this.#session.current!.setPreferredAccountType(type)
  }

  gasPayer(calls: readonly { to: string; value: bigint; data?: string | undefined }[], chainId: number) {
    return this.#session.current?.gasPayer(calls, chainId) ?? Promise.resolve(undefined)
  }

  smartAccountEnabledNetworks() {
    return this.#session.current?.smartAccountEnabledNetworks ?? []
  }

  getEmail(): string | undefined {
    return this.#session.current?.email
  }

  getUserName(): string | undefined {
    return this.#session.current?.name
  }

  async connectEmail(email: string): Promise<EmailConnectAction> {
    return (await this.#load()).connectEmail(email)
  }

  async connectDevice(): Promise<void> {
    return (await this.#load()).connectDevice()
  }

  async connectOtp(otp: string): Promise<void> {
    return (await this.#load()).connectOtp(otp)
  }

  async updateEmail(email: string): Promise<UpdateEmailAction> {
    return (await this.#load()).updateEmail(email)
  }

  async updateEmailPrimaryOtp(otp: string): Promise<void> {
    return (await this.#load()).updateEmailPrimaryOtp(otp)
  }

  async updateEmailSecondaryOtp(otp: string): Promise<string> {
    return (await this.#load()).updateEmailSecondaryOtp(otp)
  }

  async syncTheme(themeMode: 'light' | 'dark'): Promise<void> {
    // Only a frame that is already there follows the theme; the theme alone never loads it.
    await this.#session.current?.syncTheme(themeMode)
  }

  async requestExtension(name: 'GET_SOCIAL_REDIRECT_URI' | 'CONNECT_SOCIAL' | 'GET_FARCASTER_URI' | 'CONNECT_FARCASTER', payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    return (await this.#load()).frame.request(name, payload)
  }

  /** The frame, loaded and added to the page once; a failed load is tried again on the next call. */
  #load(context?: ConnectorContext): Promise<EmbeddedSession> {
    if (context) this.#context = context
    const ctx = this.#context
    return this.#session.get(async () => {
      const projectId = this.#options.projectId || ctx?.projectId
      if (!ctx || !projectId) throw new ConnectorConfigError('projectIdMissing', { connector: 'The embedded wallet', option: 'embeddedWallet({ projectId })' })
      const closes = this.#closes
      const { EmbeddedSession } = await import('./EmbeddedSession')
      // Closed while the chunk loaded (a teardown mid-login): no frame is added after it.
      if (this.#closes !== closes) throw new EmbeddedFrameClosedError()
      const emit = this.#events.emit
      const session = new EmbeddedSession(
        { url: this.#options.secureSiteUrl, projectId },
        {
          onAccounts: (accounts) => emit('accountsChanged', accounts),
          onChain: (chainId) => emit('chainChanged', chainId),
          onDisconnect: (error) => emit('disconnect', error),
          onSmartAccountDeployed: (deployed) => emit('smartAccountDeployed', deployed),
        },
        ctx,
      )
      this.#loading = session
      try {
        await session.frame.ready()
      } catch (error) {
        session.close()
        throw error
      } finally {
        if (this.#loading === session) this.#loading = undefined
      }
      return session
    })
  }
}
