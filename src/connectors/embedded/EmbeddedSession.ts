import type { CaipNetworkId } from '../../networks/Network'
import type { EmailConnectAction, UpdateEmailAction } from '../AuthConnector'
import type { ConnectionResult, ConnectorContext, EIP1193Provider } from '../Connector'
import { EmbeddedFrame, type EmbeddedFrameOptions } from './EmbeddedFrame'
import { createEmbeddedProvider } from './EmbeddedProvider'
import { EMBEDDED_STORAGE_KEYS } from './embeddedStorageKeys'
import { SMART_ACCOUNT_STORAGE_KEYS } from './smartAccountStorageKeys'

const KEYS = { ...EMBEDDED_STORAGE_KEYS, ...SMART_ACCOUNT_STORAGE_KEYS }
import type { EmbeddedUser } from './protocol/frameSchemas'

export type EmbeddedSessionEvents = {
  onAccounts(accounts: readonly string[]): void
  onChain(chainId: CaipNetworkId): void
  onDisconnect(error?: Error): void
  /** The smart account in use was found deployed (after its first transaction), or not on the chain switched to. */
  onSmartAccountDeployed(deployed: boolean): void
}

/** The requests after which a counterfactual smart account may have been deployed: a mined send, a batch's status. */
const DEPLOYING_METHODS = new Set(['eth_sendTransaction', 'wallet_getCallsStatus'])

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
  readonly #context: ConnectorContext
  #closed = false

  constructor(options: Omit<EmbeddedFrameOptions, 'onSessionUpdate'>, events: EmbeddedSessionEvents, context: ConnectorContext) {
    this.#events = events
    this.#context = context
    this.frame = EmbeddedFrame.open({
      ...options,
      onSessionUpdate: (update) => {
        if (update.signedIn || !this.#user) return
        this.#forget()
        events.onDisconnect()
      },
    })
    const provider = createEmbeddedProvider({
      frame: this.frame,
      address: () => this.#user?.address ?? '',
      chainId: () => this.#user?.chainId ?? 0,
      rpcUrl: (chainId) => context.networks.find((network) => network.caipNetworkId === `eip155:${chainId}`)?.rpcUrls.default.http[0],
    })
    // A counterfactual smart account is deployed by its first transaction: once one is mined (or a
    // batch's status is read), the frame is asked again, and a change is reported.
    this.provider = {
      ...provider,
      request: async (args) => {
        const result = await provider.request(args)
        if (this.#user?.smartAccountDeployed === false && DEPLOYING_METHODS.has(args.method)) void this.#readDeployment()
        return result
      },
    }
    // The frame's approval window follows the modal's theme, now and on every change, until closed.
    void this.frame.ready().then(() => {
      if (this.#closed) return
      let last: string | undefined
      const sync = (themeMode: 'light' | 'dark') => {
        if (themeMode === last) return
        last = themeMode
        this.frame.request('SYNC_THEME', { themeMode }).catch(() => undefined)
      }
      sync(context.theme.mode)
      this.#stopTheme = context.theme.subscribe(sync)
    }, () => undefined)
  }

  #stopTheme: (() => void) | undefined

  /** Stops following the theme and removes the frame. */
  close() {
    this.#closed = true
    this.#stopTheme?.()
    this.#stopTheme = undefined
    this.frame.destroy()
  }

  /** The signed-in email, once signed in, when the account has one (a Farcaster account has none). */
  get email(): string | undefined {
    return this.#user?.email
  }

  /** The name or handle of a social or Farcaster login (`@alice.dev`), once signed in. */
  get name(): string | undefined {
    return this.#user?.name
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
    const lastChain = Number(this.#context.storage.getItem(KEYS.EMBEDDED_LAST_CHAIN)) || undefined
    const wanted = chainId ?? lastChain
    try {
      const accountType = this.#storedAccountType()
      const user = await this.frame.request('GET_USER', { ...(wanted !== undefined && { chainId: wanted }), ...(accountType && { accountType }) })
      this.#user = user
      if (user.email) this.#context.storage.setItem(KEYS.CONNECTED_EMAIL, user.email)
      else this.#context.storage.removeItem(KEYS.CONNECTED_EMAIL)
      this.#context.storage.setItem(KEYS.EMAIL_LOGIN_USED, 'true')
      this.#context.storage.setItem(KEYS.EMBEDDED_LAST_CHAIN, String(user.chainId))
      this.#storeAccountTypes(user)
      return {
        accounts: [user.address], accountType: user.accountType ?? 'eoa', chainId: `eip155:${user.chainId}`, namespace: 'eip155',
        ...(user.smartAccountDeployed !== undefined && { smartAccountDeployed: user.smartAccountDeployed }),
      }
    } catch (error) {
      this.#forget()
      throw error
    }
  }

  async switchNetwork(chainId: number): Promise<void> {
    const answer = await this.frame.request('SWITCH_NETWORK', { chainId })
    if (this.#user) this.#user = { ...this.#user, chainId: answer.chainId }
    this.#context.storage.setItem(KEYS.EMBEDDED_LAST_CHAIN, String(answer.chainId))
    this.#events.onChain(`eip155:${answer.chainId}`)
    if (this.#user?.accountType === 'smartAccount') await this.#readDeployment()
  }

  /** Asks the frame again about the account in use (same chain, same type) and reports a change of `smartAccountDeployed`. */
  async #readDeployment(): Promise<void> {
    const user = this.#user
    if (!user) return
    try {
      const fresh = await this.frame.request('GET_USER', { chainId: user.chainId, ...(user.accountType && { accountType: user.accountType }) })
      if (this.#user !== user || fresh.address !== user.address) return
      this.#user = fresh
      if (fresh.smartAccountDeployed !== undefined && fresh.smartAccountDeployed !== user.smartAccountDeployed) this.#events.onSmartAccountDeployed(fresh.smartAccountDeployed)
    } catch {
      // The flag stays as it was; the next send or status read asks again.
    }
  }

  /** The chains where the frame has smart accounts (as last reported). */
  get smartAccountEnabledNetworks(): readonly number[] {
    return this.#user?.smartAccountEnabledNetworks ?? []
  }

  /** Switches between the smart account and the EOA; the choice is stored per namespace and restored on the next visit. */
  async setPreferredAccountType(type: 'eoa' | 'smartAccount'): Promise<{ address: string; type: 'eoa' | 'smartAccount'; smartAccountDeployed?: boolean }> {
    const user = await this.frame.request('SET_PREFERRED_ACCOUNT_TYPE', { type })
    this.#user = user
    this.#storeAccountTypes(user)
    return { address: user.address, type: user.accountType ?? 'eoa', ...(user.smartAccountDeployed !== undefined && { smartAccountDeployed: user.smartAccountDeployed }) }
  }

  /** Who would pay the gas of these calls from the smart account in use; `undefined` when the account is the EOA. */
  async gasPayer(calls: readonly { to: string; value: bigint; data?: string | undefined }[], chainId: number): Promise<{ sponsored: true } | { sponsored: false; maxCost: bigint } | undefined> {
    if (this.#user?.accountType !== 'smartAccount') return undefined
    const answer = await this.frame.request('GET_GAS_PAYER', { chainId, calls: calls.map((call) => ({ to: call.to, value: `0x${call.value.toString(16)}`, ...(call.data && call.data !== '0x' && { data: call.data }) })) })
    return answer.sponsored ? { sponsored: true } : { sponsored: false, maxCost: BigInt(answer.maxCost) }
  }

  #storedAccountType(): 'eoa' | 'smartAccount' | undefined {
    try {
      const stored = JSON.parse(this.#context.storage.getItem(KEYS.PREFERRED_ACCOUNT_TYPES) ?? '{}') as { eip155?: unknown }
      return stored.eip155 === 'eoa' || stored.eip155 === 'smartAccount' ? stored.eip155 : undefined
    } catch {
      return undefined
    }
  }

  /** The seed's keys: the smart-account-enabled networks (a comma list) and the preferred type per namespace. */
  #storeAccountTypes(user: EmbeddedUser) {
    const storage = this.#context.storage
    if (user.smartAccountEnabledNetworks?.length) storage.setItem(KEYS.SMART_ACCOUNT_ENABLED_NETWORKS, user.smartAccountEnabledNetworks.join(','))
    else storage.removeItem(KEYS.SMART_ACCOUNT_ENABLED_NETWORKS)
    if (user.accountType) storage.setItem(KEYS.PREFERRED_ACCOUNT_TYPES, JSON.stringify({ eip155: user.accountType }))
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
    this.#context.storage.setItem(KEYS.CONNECTED_EMAIL, newEmail)
    return newEmail
  }

  async syncTheme(themeMode: 'light' | 'dark'): Promise<void> {
    await this.frame.request('SYNC_THEME', { themeMode })
  }

  #forget() {
    this.#user = undefined
    this.#context.storage.removeItem(KEYS.CONNECTED_EMAIL)
    this.#context.storage.removeItem(KEYS.EMAIL_LOGIN_USED)
    this.#context.storage.removeItem(KEYS.EMBEDDED_LAST_CHAIN)
    this.#context.storage.removeItem(KEYS.SMART_ACCOUNT_ENABLED_NETWORKS)
  }
}
