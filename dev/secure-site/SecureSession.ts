import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, toAccount, type LocalAccount } from 'viem/accounts'
import { shareProofMessage } from '../backend/shareProofMessage'
import { type BackendClient, BackendError } from './BackendClient'
import { CallBatches } from './CallBatches'
import { KeyShares } from './KeyShares'
import { KeyVault } from './KeyVault'
import { RecoveryError, RecoverySeal, type RecoverySecret } from './RecoverySeal'

/** Where the device id of one app origin is kept (its vault entries are named by it). */
export const deviceKey = (appOrigin: string) => `portico-secure/device-id@${appOrigin}`

/**
 * Where the session of one app origin is kept. The browser shares this site's storage with every
 * same-site page that embeds it, so each app origin gets its own entry: a page on another origin
 * (another port of the same host included) finds no session under its own name.
 */
export const sessionKey = (appOrigin: string) => `portico-secure/session@${appOrigin}`

/** `name`: the social login's name or the Farcaster handle, as the login gave it. */
type StoredSession = { token: string; email: string; address: string; name?: string }

/**
 * The account's email as the app may show it: none for the placeholder the backend gives an
 * account without one (`<subject>@<provider>.invalid`; `.invalid` is a reserved name no mail reaches).
 */
export const reachableEmail = (email: string): string | undefined => (/\.invalid$/i.test(email) ? undefined : email)

/** What the backend answers to a login (email code, OpenID or Farcaster). */
export type LoginAnswer = {
  token: string
  email: string
  address: string | null
  /** The backend holds an auth share for this device's split. */
  deviceShare: boolean
  /** The account has a recovery share sealed with a passkey or a password. */
  recovery: boolean
  /** Once only, for a key escrowed before key splitting: split here, then deleted there. */
  legacyKey?: Hex
}

/** Where this device stands with the account's key (for the account page). */
export type CustodyStatus = { deviceShare: boolean }

/**
 * The secure origin's side of a login and of the key's custody: this device's id, the session
 * token, the account's address, and this device's share of the key in the {@link KeyVault}.
 *
 * Each app origin the frame serves is a device of its own ({@link bind}): its own device id, session
 * and device share, so that one app's session can neither use nor remove another's share, and a
 * second app in the same browser signs only after its own login code and recovery.
 *
 * The key is made here on the first login and split 2-of-3 at once: the device share stays in
 * the vault, the auth share goes to the backend, and the recovery share is dropped, so that this
 * device never keeps two shares. When the visitor protects recovery with a passkey and/or a
 * recovery password, the key is rebuilt from the device and auth shares and split afresh: the new
 * device share replaces the old one, and the new auth share goes to the backend with the new
 * recovery share sealed under those secrets. To sign, the key is rebuilt from the device share and
 * the auth share the backend releases to this device's session, used once and dropped. A new device
 * rebuilds it from the auth and recovery shares and makes a split of its own, which it protects
 * the same way (the account's recovery stays the newest protected split's).
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

  /** The storage key of this app origin's `what`; refused before the frame host bound one. */
  #bound(what: 'session' | 'device'): string {
    if (this.#appOrigin === undefined) throw new BackendError('No app origin is bound to this frame', 403)
    return what === 'session' ? sessionKey(this.#appOrigin) : deviceKey(this.#appOrigin)
  }

  /** This device's id for the app origin it serves (each app origin is a device of its own). */
  get deviceId(): string {
    const key = this.#bound('device')
    let id = localStorage.getItem(key)
    if (!id) localStorage.setItem(key, (id = crypto.randomUUID()))
    return id
  }

  get stored(): StoredSession | undefined {
    try {
      if (this.#appOrigin === undefined) return undefined
      const value = JSON.parse(localStorage.getItem(sessionKey(this.#appOrigin)) ?? 'null') as StoredSession | null
      return value && typeof value.token === 'string' ? value : undefined
    } catch {
      return undefined
    }
  }

  get token(): string | undefined {
    return this.stored?.token
  }

  #entry(address: string) {
    return `device-share:${this.deviceId}:${address}`
  }

  /** Deletes the unprotected recovery share that versions before this one kept beside the device share. */
  async #dropOldRecovery(address: string): Promise<void> {
    await KeyVault.remove(`pending-recovery:${this.deviceId}:${address}`)
  }

  /**
   * Splits `key` afresh: the auth share (with the recovery share sealed under each of `secrets`,
   * if any) goes to the backend, the device share to the vault; without secrets the recovery share
   * is dropped. The device never keeps more than its one share.
   */
  async #storeSplit(token: string, key: Hex, secrets: readonly RecoverySecret[] = []): Promise<string> {
    const account = privateKeyToAccount(key)
    const shares = await KeyShares.split(key)
    const recovery = secrets.length ? JSON.stringify(await Promise.all(secrets.map((secret) => RecoverySeal.seal(shares.recovery, secret)))) : undefined
    const signature = await account.signMessage({ message: shareProofMessage({ address: account.address, deviceId: this.deviceId, authShare: shares.auth }) })
    await this.backend.call('POST', '/v1/embedded/shares', { token, body: { address: account.address, authShare: shares.auth, recovery, signature } })
    await KeyVault.put(this.#entry(account.address), shares.device)
    return account.address
  }

  /** Signs in with a login's answer: keeps the token; a first login makes and splits the key. */
  async signIn(answer: LoginAnswer, profile: { name?: string | undefined } = {}): Promise<void> {
    let address = answer.address
    // Kept as the app's protocol takes it: trimmed, at most 100 characters.
    const name = profile.name?.trim().slice(0, 100)
    if (answer.legacyKey) address = await this.#storeSplit(answer.token, answer.legacyKey)
    else if (!address) address = await this.#storeSplit(answer.token, generatePrivateKey())
    localStorage.setItem(this.#bound('session'), JSON.stringify({ token: answer.token, email: answer.email, address, ...(name ? { name } : {}) } satisfies StoredSession))
  }

  /** The signed-in user, checked with the backend; a refused token signs out here and says why. */
  async user(): Promise<{ email: string; address: string; name?: string | undefined }> {
    const stored = this.stored
    if (!stored) throw new BackendError('Not signed in', 401)
    try {
      const live = await this.backend.call<{ email: string; address: string | null }>('GET', '/v1/embedded/session', { token: stored.token })
      if (!live.address || live.address.toLowerCase() !== stored.address.toLowerCase()) throw new BackendError('This device no longer holds the account: sign in again', 401)
      if (live.email !== stored.email) localStorage.setItem(this.#bound('session'), JSON.stringify({ ...stored, email: live.email }))
      return { email: live.email, address: live.address, name: stored.name }
    } catch (error) {
      if (error instanceof BackendError && error.status === 401) await this.clear()
      throw error
    }
  }

  async custodyStatus(): Promise<CustodyStatus> {
    const stored = this.stored
    if (!stored) throw new BackendError('Not signed in', 401)
    await this.#dropOldRecovery(stored.address)
    return { deviceShare: (await KeyVault.get(this.#entry(stored.address))) !== undefined }
  }

  /**
   * Rebuilds the account's key from this device's share and the auth share the backend releases
   * to this session, for one use; it is dropped when `use` settles.
   */
  async withKey<T>(use: (key: Hex) => Promise<T>): Promise<T> {
    const stored = this.stored
    if (!stored) throw new BackendError('Not signed in', 401)
    await this.#dropOldRecovery(stored.address)
    const device = await KeyVault.get(this.#entry(stored.address))
    if (!device) throw new BackendError('This device holds no share of the key yet: recover your wallet on its account page with your passkey or recovery password', 403, 'NO_DEVICE_SHARE')
    const { authShare } = await this.backend.call<{ authShare: Hex }>('POST', '/v1/embedded/shares/auth', { token: stored.token })
    return KeyShares.use([device as Hex, authShare], stored.address, use)
  }

  /**
   * The account as a viem signer whose every signature rebuilds the key for that one signature
   * (after the visitor approved, since signing is the last step of each approval).
   */
  signer(): LocalAccount {
    const stored = this.stored
    if (!stored) throw new BackendError('Not signed in', 401)
    const local = (key: Hex) => privateKeyToAccount(key)
    return toAccount({
      address: stored.address as Hex,
      signMessage: (args) => this.withKey((key) => local(key).signMessage(args)),
      signTransaction: (transaction, options) => this.withKey((key) => local(key).signTransaction(transaction, options)),
      signTypedData: (definition) => this.withKey((key) => local(key).signTypedData(definition)),
    })
  }

  /**
   * Protects recovery with each of `secrets` (a passkey, a password): rebuilds the key from this
   * device's share and the auth share released to this session, splits it afresh with the new
   * recovery share sealed under all of them (so a method added later seals a new split too), and
   * drops the key. The previous split of this device pairs with nothing any more.
   */
  async protectRecovery(secrets: readonly RecoverySecret[]): Promise<void> {
    const stored = this.stored
    if (!stored) throw new BackendError('Not signed in', 401)
    if (!secrets.length) throw new RecoveryError('Choose a passkey or a recovery password to protect your wallet')
    await this.withKey((key) => this.#storeSplit(stored.token, key, secrets))
  }

  /**
   * A new device: opens the recovery share with the passkey or the password, rebuilds the key
   * with the auth share of the same split (released to this fresh login), checks its address,
   * and makes this device's own split (its recovery share dropped until the visitor protects it here).
   */
  async recover(input: { password?: string }): Promise<string> {
    const stored = this.stored
    if (!stored) throw new BackendError('Not signed in', 401)
    const found = await this.backend.call<{ deviceId: string; recovery: string }>('GET', '/v1/embedded/recovery', { token: stored.token })
    const kind = input.password === undefined ? 'passkey' : 'password'
    const sealed = RecoverySeal.parse(found.recovery).find((seal) => seal.kind === kind)
    if (!sealed) throw new RecoveryError(kind === 'passkey' ? 'No passkey was set up for this wallet: use your recovery password' : 'No recovery password was set for this wallet: use your passkey')
    const recoveryShare = await RecoverySeal.open(sealed, await RecoverySeal.secretFor(sealed, input))
    const { authShare } = await this.backend.call<{ authShare: Hex }>('POST', '/v1/embedded/recovery/auth', { token: stored.token, body: { deviceId: found.deviceId } })
    return KeyShares.use([recoveryShare, authShare], stored.address, (key) => this.#storeSplit(stored.token, key))
  }

  async signOut(): Promise<void> {
    const token = this.token
    try {
      if (token) await this.backend.call('POST', '/v1/embedded/signout', { token })
    } finally {
      await this.clear()
    }
  }

  /**
   * Forgets the session and the account's sent batches on this device. The device share stays
   * sealed in the vault: without a session it rebuilds nothing, and the next login here needs no
   * recovery.
   */
  async clear(): Promise<void> {
    if (this.#appOrigin !== undefined) localStorage.removeItem(sessionKey(this.#appOrigin))
    CallBatches.clear()
  }
}
