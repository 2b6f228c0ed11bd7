import type { Connector, ConnectorContext } from './Connector'

/**
 * The email/social connector (type `auth`) beyond the {@link Connector} contract: the login steps
 * the modal's views drive before `connect()` can return the account. Declarations only, so that
 * controllers import it without loading the connector.
 */

/** What a login by email needs next: approve this device from the inbox, type the code, or nothing. */
export type EmailConnectAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'
/** What an email change needs next: the code sent to the current address, or the one sent to the new address. */
export type UpdateEmailAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

export interface AuthConnector extends Connector {
  readonly type: 'auth'
  /** Adds the secure site's frame (once) in `context`; the login steps below run in it. */
  prepare(context: ConnectorContext): Promise<void>
  /** Starts a login: the secure site sends a code (or a device link) to `email`. */
  connectEmail(email: string): Promise<EmailConnectAction>
  /** Resolves once this device has been approved from the link in the inbox (then a code follows). */
  connectDevice(): Promise<void>
  /** Sends the six-digit code; resolves once signed in. */
  connectOtp(otp: string): Promise<void>
  /** The signed-in email, if the account has one (a Farcaster account has none). */
  getEmail(): string | undefined
  /** The name or handle a social or Farcaster login gave (`@alice.dev`), if any. */
  getUserName?(): string | undefined
  /** Starts an email change: a code goes to the current address. */
  updateEmail(email: string): Promise<UpdateEmailAction>
  updateEmailPrimaryOtp(otp: string): Promise<void>
  /** Confirms the new address with its code; returns it. */
  updateEmailSecondaryOtp(otp: string): Promise<string>
  /**
   * Switches the eip155 account between the smart account and the EOA of the embedded key, where
   * the wallet has smart accounts on the current chain; resolves with the new active account.
   */
  setPreferredAccountType?(type: 'eoa' | 'smartAccount'): Promise<{ address: string; type: 'eoa' | 'smartAccount'; smartAccountDeployed?: boolean }>
  /** The chain ids where the wallet has smart accounts (empty when it has none). */
  smartAccountEnabledNetworks?(): readonly number[]
  /** For the smart account in use: who would pay the gas of these calls (asked of the wallet's paymaster, nothing signed); `undefined` for the EOA. */
  gasPayer?(calls: readonly { to: string; value: bigint; data?: string | undefined }[], chainId: number): Promise<{ sponsored: true } | { sponsored: false; maxCost: bigint } | undefined>
  /** The secure site's own account page (recovery, devices, export of the key), opened in a tab of its own. */
  accountPageUrl?(): string
  /** Passes the modal's theme into the frame (its approval window follows it). */
  syncTheme(themeMode: 'light' | 'dark'): Promise<void>
  /**
   * Sends an extension request (social login, Farcaster) to the frame and returns its answer.
   * The handlers live in the secure site (dev/secure-site/social, dev/secure-site/farcaster).
   */
  requestExtension(name: 'GET_SOCIAL_REDIRECT_URI' | 'CONNECT_SOCIAL' | 'GET_FARCASTER_URI' | 'CONNECT_FARCASTER', payload: Record<string, unknown>): Promise<Record<string, unknown>>
}

/** Whether a registered connector is the email/social one. */
export const isAuthConnector = (connector: Connector | undefined): connector is AuthConnector => connector?.type === 'auth'
