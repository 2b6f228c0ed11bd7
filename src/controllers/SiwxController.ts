import { proxy } from 'valtio/vanilla'

/** A sign-in-with-X session: the signed message proving who controls an address. */
export type SiwxSession = {
  /** CAIP-2 network id the session was signed on. */
  chainId: string
  address: string
  message: string
  signature: string
  /** ISO date after which the session is no longer valid, if any. */
  expiresAt?: string
}

export type SiwxState = {
  /** Whether the app configured sign-in at all. */
  enabled: boolean
  /** Whether the app refuses to be used without signing in. */
  required: boolean
  sessions: SiwxSession[]
}

const initial = (): SiwxState => ({ enabled: false, required: false, sessions: [] })

/** How the app signs in an account (its SIWX configuration); kept out of the proxy. */
export type SiwxSigner = (account: { address: string; chainId: string }) => Promise<SiwxSession>

let signer: SiwxSigner | undefined

/**
 * Sign-in (SIWX) status. The signing itself is done by the app's SIWX configuration; this store
 * only holds whether sign-in is required and which sessions exist.
 *
 * @example
 * SiwxController.configure({ required: true })
 * SiwxController.isSignInPending() // true until a session is added
 */
export const SiwxController = {
  state: proxy<SiwxState>(initial()),

  configure(config: { required?: boolean; signIn?: SiwxSigner } | undefined) {
    SiwxController.state.enabled = config !== undefined
    SiwxController.state.required = config?.required ?? false
    signer = config?.signIn
  },

  /** Whether the app gave a way to sign in. */
  canSignIn(): boolean {
    return signer !== undefined
  },

  /** Signs `account` in with the app's signer and keeps the session; `undefined` when the app gave none. */
  async signIn(account: { address: string; chainId: string }): Promise<SiwxSession | undefined> {
    if (!signer) return undefined
    const session = await signer(account)
    SiwxController.addSession(session)
    return session
  },

  setSessions(sessions: readonly SiwxSession[]) {
    SiwxController.state.sessions = [...sessions]
  },

  addSession(session: SiwxSession) {
    SiwxController.state.sessions.push(session)
  },

  /**
   * Whether sign-in is required and no valid session exists (for `address`, when given;
   * addresses compare case-insensitively, expired sessions do not count).
   */
  isSignInPending(address?: string): boolean {
    if (!SiwxController.state.required) return false
    const now = Date.now()
    return !SiwxController.state.sessions.some(
      (s) =>
        (address === undefined || s.address.toLowerCase() === address.toLowerCase()) &&
        (s.expiresAt === undefined || Date.parse(s.expiresAt) > now),
    )
  },

  reset() {
    signer = undefined
    Object.assign(SiwxController.state, initial())
  },
}
