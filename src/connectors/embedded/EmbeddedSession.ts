import { subscribe } from 'valtio/vanilla'
import { ChainController } from '../../controllers/ChainController'
import type { CaipNetworkId } from '../../controllers/Network'
import { StorageController } from '../../controllers/StorageController'
import { STORAGE_KEYS } from '../../controllers/StorageKeys'
import { ThemeController } from '../../controllers/ThemeController'
import type { EmailConnectAction, UpdateEmailAction } from '../AuthConnector'
import type { ConnectionResult, EIP1193Provider } from '../Connector'
import { EmbeddedFrame, type EmbeddedFrameOptions } from './EmbeddedFrame'
import { createEmbeddedProvider } from './EmbeddedProvider'
import type { EmbeddedUser } from './protocol/frameSchemas'

export type EmbeddedSessionEvents = {
  onAccounts(accounts: readonly string[]): void
  onChain(chainId: CaipNetworkId): void
  onDisconnect(error?: Error): void
}

/**
 * What the embedded connector loads on first use: the frame, the signed-in user, the provider.
 * Keeps the storage keys of the seed: the email, the login-used flag and the last chain on
 * login, all three removed on disconnect or a failed check.
 */
export class EmbeddedSession {
  readonly frame: EmbeddedFrame
  readonly provider: EIP1193Provider
  #user: EmbeddedUser | undefined
  readonly #events: EmbeddedSessionEvents

  constructor(options: Omit<EmbeddedFrameOptions, 'onSessionUpdate'>, events: EmbeddedSessionEvents) {
    this.#events = events
    this.frame = EmbeddedFrame.open({
      ...options,
      onSessionUpdate: (update) => {
        if (update.signedIn || !this.#user) return
        this.#forget()
        events.onDisconnect()
      },
    })
    this.provider = createEmbeddedProvider({
      frame: this.frame,
      address: () => this.#user?.address ?? '',
      chainId: () => this.#user?.chainId ?? 0,
      rpcUrl: (chainId) => ChainController.getNetwork(`eip155:${chainId}`)?.rpcUrls.default.http[0],
    })
    // The frame's approval window follows the modal's theme, now and on every change.
    void this.frame.ready().then(() => {
      let last: string | undefined
      const sync = () => {
        const themeMode = ThemeController.state.themeMode
        if (themeMode === last) return
        last = themeMode
        this.frame.request('SYNC_THEME', { themeMode }).catch(() => undefined)
      }
      sync()
      this.#stopTheme = subscribe(ThemeController.state, sync)
    }, () => undefined)
  }

  #stopTheme: (() => void) | undefined

  /** Stops following the theme and removes the frame. */
  close() {
    this.#stopTheme?.()
    this.frame.destroy()
  }

  get connected(): boolean {
    return this.#user !== undefined
  }

  connectEmail(email: string): Promise<EmailConnectAction> {
    return this.frame.request('CONNECT_EMAIL', { email }).then(({ action }) => action)
  }

  async connectDevice(): Promise<void> {
    await this.frame.request('CONNECT_DEVICE', {})
  }

  async connectOtp(otp: string): Promise<void> {
    await this.frame.request('CONNECT_OTP', { otp })
  }

  /** The signed-in user on the wanted chain (or the last one), recorded in storage; throws when signed out. */
  async connect(chainId: number | undefined): Promise<ConnectionResult> {
    const lastChain = Number(StorageController.getItem(STORAGE_KEYS.EMBEDDED_LAST_CHAIN)) || undefined
    const wanted = chainId ?? lastChain
    try {
      const user = await this.frame.request('GET_USER', wanted === undefined ? {} : { chainId: wanted })
      this.#user = user
      StorageController.setItem(STORAGE_KEYS.CONNECTED_EMAIL, user.email)
      StorageController.setItem(STORAGE_KEYS.EMAIL_LOGIN_USED, 'true')
      StorageController.setItem(STORAGE_KEYS.EMBEDDED_LAST_CHAIN, String(user.chainId))
      return { accounts: [user.address], chainId: `eip155:${user.chainId}`, namespace: 'eip155' }
    } catch (error) {
      this.#forget()
      throw error
    }
  }

  async switchNetwork(chainId: number): Promise<void> {
    const answer = await this.frame.request('SWITCH_NETWORK', { chainId })
    if (this.#user) this.#user = { ...this.#user, chainId: answer.chainId }
    StorageController.setItem(STORAGE_KEYS.EMBEDDED_LAST_CHAIN, String(answer.chainId))
    this.#events.onChain(`eip155:${answer.chainId}`)
  }

  async signOut(): Promise<void> {
    try {
      await this.frame.request('SIGN_OUT', {})
    } finally {
      this.#forget()
    }
  }

  updateEmail(email: string): Promise<UpdateEmailAction> {
    return this.frame.request('UPDATE_EMAIL', { email }).then(({ action }) => action)
  }

  async updateEmailPrimaryOtp(otp: string): Promise<void> {
    await this.frame.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
  }

  async updateEmailSecondaryOtp(otp: string): Promise<string> {
    const { newEmail } = await this.frame.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
    if (this.#user) this.#user = { ...this.#user, email: newEmail }
    StorageController.setItem(STORAGE_KEYS.CONNECTED_EMAIL, newEmail)
    return newEmail
  }

  async syncTheme(themeMode: 'light' | 'dark'): Promise<void> {
    await this.frame.request('SYNC_THEME', { themeMode })
  }

  #forget() {
    this.#user = undefined
    StorageController.removeItem(STORAGE_KEYS.CONNECTED_EMAIL)
    StorageController.removeItem(STORAGE_KEYS.EMAIL_LOGIN_USED)
    StorageController.removeItem(STORAGE_KEYS.EMBEDDED_LAST_CHAIN)
  }
}
