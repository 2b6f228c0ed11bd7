import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { Hex } from 'viem'
import { type BackendClient, BackendError } from './BackendClient'
import { CallBatches } from './CallBatches'
import { KeyVault } from './KeyVault'

const DEVICE_KEY = 'portico-secure/device-id'

/**
 * Where the session of one app origin is kept. The browser shares this site's storage with every
 * same-site page that embeds it, so each app origin gets its own entry: a page on another origin
 * (another port of the same host included) finds no session under its own name.
 */
export const sessionKey = (appOrigin: string) => `portico-secure/session@${appOrigin}`

type StoredSession = { token: string; email: string; address: string }
type LoginAnswer = { token: string; email: string; address: string | null; keyEscrow: string | null }

/**
 * The secure origin's side of a login: this device's id, the session token from the backend
 * (in this origin's storage, under the app origin it serves), the account's address, and its key in the {@link KeyVault}.
 * A first login generates the key here; a login on a new device receives the account's escrowed
 * key from the backend after the device was approved by mail (the dev backend is custodial for
 * that; see the README section "Email login: the embedded wallet").
 */
export class SecureSession {
  /** The email a login is in progress for (between CONNECT_EMAIL and CONNECT_OTP). */
  pendingEmail: string | undefined
  /** The backend's token of that login attempt: it alone may ask whether the device was approved. */
  pendingAttempt: string | undefined
  /** The new address of an email change in progress. */
  pendingNewEmail: string | undefined
  chainId: number | undefined

  #appOrigin: string | undefined

  constructor(private readonly backend: BackendClient) {}

  /** Serves `appOrigin` from now on: its session only (set once, by the frame host, to the embedding origin). */
  bind(appOrigin: string): void {
    if (this.#appOrigin !== undefined && this.#appOrigin !== appOrigin) throw new BackendError('This frame already serves another app origin', 403)
    this.#appOrigin = appOrigin
  }

  get #key(): string | undefined {
    return this.#appOrigin === undefined ? undefined : sessionKey(this.#appOrigin)
  }

  get deviceId(): string {
    let id = localStorage.getItem(DEVICE_KEY)
    if (!id) localStorage.setItem(DEVICE_KEY, (id = crypto.randomUUID()))
    return id
  }

  get stored(): StoredSession | undefined {
    try {
      const key = this.#key
      if (!key) return undefined
      const value = JSON.parse(localStorage.getItem(key) ?? 'null') as StoredSession | null
      return value && typeof value.token === 'string' ? value : undefined
    } catch {
      return undefined
    }
  }

  get token(): string | undefined {
    return this.stored?.token
  }

  /** Signs in with the answer of a verified code: keeps the token, and the key sealed in the vault. */
  async signIn(answer: LoginAnswer): Promise<void> {
    let address = answer.address
    if (answer.keyEscrow) {
      address = privateKeyToAccount(answer.keyEscrow as Hex).address
      await KeyVault.store(address, answer.keyEscrow as Hex)
    } else {
      const key = generatePrivateKey()
      address = privateKeyToAccount(key).address
      await this.backend.call('POST', '/v1/embedded/account', { token: answer.token, body: { address, keyEscrow: key } })
      await KeyVault.store(address, key)
    }
    const key = this.#key
    if (!key) throw new BackendError('No app origin is bound to this frame', 403)
    localStorage.setItem(key, JSON.stringify({ token: answer.token, email: answer.email, address } satisfies StoredSession))
  }

  /** The signed-in user, checked with the backend; a refused token signs out here and says why. */
  async user(): Promise<{ email: string; address: string }> {
    const stored = this.stored
    if (!stored) throw new BackendError('Not signed in', 401)
    try {
      const live = await this.backend.call<{ email: string; address: string | null }>('GET', '/v1/embedded/session', { token: stored.token })
      if (!live.address || live.address.toLowerCase() !== stored.address.toLowerCase() || !(await KeyVault.load(stored.address))) {
        throw new BackendError('This device no longer holds the account key: sign in again', 401)
      }
      if (live.email !== stored.email && this.#key) localStorage.setItem(this.#key, JSON.stringify({ ...stored, email: live.email }))
      return { email: live.email, address: live.address }
    } catch (error) {
      if (error instanceof BackendError && error.status === 401) await this.clear()
      throw error
    }
  }

  /** The account's key, decrypted for one use. */
  async privateKey(): Promise<Hex> {
    const stored = this.stored
    const key = stored && (await KeyVault.load(stored.address))
    if (!key) throw new BackendError('Not signed in', 401)
    return key
  }

  async signOut(): Promise<void> {
    const token = this.token
    try {
      if (token) await this.backend.call('POST', '/v1/embedded/signout', { token })
    } finally {
      await this.clear()
    }
  }

  /** Forgets the session, the key and the account's sent batches on this device. */
  async clear(): Promise<void> {
    const stored = this.stored
    if (this.#key) localStorage.removeItem(this.#key)
    CallBatches.clear()
    if (stored) await KeyVault.remove(stored.address)
  }
}
