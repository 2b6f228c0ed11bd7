import { ChainController } from '../../controllers/ChainController'
import type { Namespace, Network } from '../../controllers/Network'
import { OptionsController } from '../../controllers/OptionsController'
import { StorageController } from '../../controllers/StorageController'
import { STORAGE_KEYS } from '../../controllers/StorageKeys'
import type { AuthConnector, EmailConnectAction, UpdateEmailAction } from '../AuthConnector'
import type { ConnectionResult, ConnectOptions, NamespaceProvider } from '../Connector'
import { connectorEvents } from '../connectorEvents'
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
 * only when the visitor picks email (or social), or a stored session is restored.
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
  #session: Promise<EmbeddedSession> | undefined
  #loaded: EmbeddedSession | undefined

  constructor(options: EmbeddedWalletOptions) {
    let url: URL
    try {
      url = new URL(options.secureSiteUrl)
    } catch {
      throw new TypeError(`The embedded wallet's secureSiteUrl must be an http(s) URL, got ${JSON.stringify(options.secureSiteUrl)}`)
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`The embedded wallet's secureSiteUrl must be an http(s) URL, got ${JSON.stringify(options.secureSiteUrl)}`)
    this.#options = options
    this.name = options.name ?? 'Email'
  }

  readonly on = this.#events.on

  async connect(options: ConnectOptions): Promise<ConnectionResult> {
    const session = await this.#load()
    const active = options.chainId ?? ChainController.state.activeNetworkIds.eip155
    return session.connect(active?.startsWith('eip155:') ? Number(active.slice(7)) : undefined)
  }

  async reconnect(): Promise<ConnectionResult | undefined> {
    // The frame is added for a restore only when this device logged in before.
    if (StorageController.getItem(STORAGE_KEYS.EMAIL_LOGIN_USED) !== 'true') return undefined
    try {
      return await (await this.#load()).connect(undefined)
    } catch {
      return undefined
    }
  }

  async disconnect(): Promise<void> {
    if (this.#session) await (await this.#session).signOut()
  }

  async switchNetwork(network: Network): Promise<void> {
    await (await this.#load()).switchNetwork(Number(network.id))
  }

  getProvider<N extends Namespace>(namespace: N): NamespaceProvider[N] | undefined {
    if (namespace !== 'eip155' || !this.#loaded?.connected) return undefined
    return this.#loaded.provider as NamespaceProvider[N]
  }

  accountPageUrl(): string {
    const url = new URL('account.html', this.#options.secureSiteUrl)
    const projectId = this.#options.projectId || OptionsController.state.projectId
    if (projectId) url.searchParams.set('projectId', projectId)
    // The page serves this app origin's session and device share (each app origin is a device of its own).
    url.searchParams.set('appOrigin', window.location.origin)
    return url.href
  }

  getEmail(): string | undefined {
    return StorageController.getItem(STORAGE_KEYS.CONNECTED_EMAIL)
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
    if (this.#session) await (await this.#session).syncTheme(themeMode)
  }

  async requestExtension(name: 'GET_SOCIAL_REDIRECT_URI' | 'CONNECT_SOCIAL' | 'GET_FARCASTER_URI' | 'CONNECT_FARCASTER', payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    return (await this.#load()).frame.request(name, payload)
  }

  /** The frame, loaded and added to the page once; a failed load is tried again on the next call. */
  #load(): Promise<EmbeddedSession> {
    this.#session ??= (async () => {
      const projectId = this.#options.projectId || OptionsController.state.projectId
      if (!projectId) throw new TypeError('The embedded wallet needs a projectId (in embeddedWallet({ projectId }) or createPortico({ projectId }))')
      const { EmbeddedSession } = await import('./EmbeddedSession')
      const emit = this.#events.emit
      const session = new EmbeddedSession(
        { url: this.#options.secureSiteUrl, projectId },
        {
          onAccounts: (accounts) => emit('accountsChanged', accounts),
          onChain: (chainId) => emit('chainChanged', chainId),
          onDisconnect: (error) => emit('disconnect', error),
        },
      )
      try {
        await session.frame.ready()
      } catch (error) {
        session.frame.destroy()
        throw error
      }
      return (this.#loaded = session)
    })()
    this.#session.catch(() => {
      this.#session = undefined
    })
    return this.#session
  }
}
