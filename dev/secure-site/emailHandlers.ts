import { BackendError } from './BackendClient'
import { type FrameContext, FrameError, type FrameHandlers } from './FrameHandler'
import type { LoginAnswer } from './SecureSession'
import { smartAccountsEnabled, storePreferredAccountType } from './smartAccount/accountTypes'
import { describeUser } from './smartAccount/activeAddress'

const DEVICE_POLL_MS = 1_000

/** Between CONNECT_EMAIL and CONNECT_OTP: the address a code went to. */
function pendingEmail(context: FrameContext): string {
  const email = context.session.pendingEmail
  if (!email) throw new FrameError('Start with your email address: no login is in progress')
  return email
}

/** The account's chain: the one asked for when this site can reach it, else the first it serves. */
export function pickChain(context: FrameContext, wanted: number | undefined): number {
  const served = Object.keys(context.config.rpcUrls).map(Number)
  if (wanted !== undefined && served.includes(wanted)) return wanted
  if (context.session.chainId !== undefined && served.includes(context.session.chainId)) return context.session.chainId
  const first = served[0]
  if (first === undefined) throw new FrameError('This wallet serves no chain')
  return first
}

/** Email login, session and email change, over the backend's `/v1/embedded/*`. */
export const emailHandlers: FrameHandlers = {
  async CONNECT_EMAIL({ email }, context) {
    const { action, attempt } = await context.backend.call<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP'; attempt: string }>('POST', '/v1/embedded/email/connect', {
      body: { email, deviceId: context.session.deviceId },
    })
    context.session.pendingEmail = email
    context.session.pendingAttempt = attempt
    return { action }
  },

  async CONNECT_DEVICE(_payload, context) {
    pendingEmail(context)
    const attempt = context.session.pendingAttempt
    if (!attempt) throw new FrameError('Start with your email address: no login is in progress')
    // Waits for the link in the inbox (the app's 120 s limit ends the wait on its side).
    for (;;) {
      const { approved } = await context.backend.call<{ approved: boolean }>('POST', '/v1/embedded/device/status', { body: { attempt } })
      if (approved) return {}
      await new Promise((resolve) => setTimeout(resolve, DEVICE_POLL_MS))
    }
  },

  async CONNECT_OTP({ otp }, context) {
    const email = pendingEmail(context)
    const answer = await context.backend.call<LoginAnswer>('POST', '/v1/embedded/email/verify', {
      body: { email, otp, deviceId: context.session.deviceId },
    })
    await context.session.signIn(answer)
    context.session.pendingEmail = undefined
    return {}
  },

  async GET_USER({ chainId, accountType }, context) {
    const user = await context.session.user()
    const chain = (context.session.chainId = pickChain(context, chainId))
    // The app's stored preference wins where it can apply (a reload restores the type).
    if (accountType && smartAccountsEnabled(context.config, chain)) storePreferredAccountType(context.appOrigin, accountType)
    return describeUser(context, user, chain)
  },

  async SWITCH_NETWORK({ chainId }, context) {
    if (!(chainId in context.config.rpcUrls)) throw new FrameError(`This wallet does not serve chain ${chainId}`, '4902')
    context.session.chainId = chainId
    return { chainId }
  },

  async SIGN_OUT(_payload, context) {
    await context.session.signOut().catch((error: unknown) => {
      // Signed out here either way; a token the backend no longer knows is no reason to fail.
      if (!(error instanceof BackendError)) throw error
    })
    return {}
  },

  async SYNC_THEME({ themeMode }) {
    document.documentElement.dataset.theme = themeMode
    return {}
  },

  async UPDATE_EMAIL({ email }, context) {
    const token = context.session.token
    if (!token) throw new FrameError('Not connected to email or social')
    await context.backend.call('POST', '/v1/embedded/email/update', { token, body: { newEmail: email } })
    context.session.pendingNewEmail = email
    return { action: 'VERIFY_PRIMARY_OTP' }
  },

  async UPDATE_EMAIL_PRIMARY_OTP({ otp }, context) {
    const token = context.session.token
    if (!token) throw new FrameError('Not connected to email or social')
    await context.backend.call('POST', '/v1/embedded/email/update/primary', { token, body: { otp } })
    return {}
  },

  async UPDATE_EMAIL_SECONDARY_OTP({ otp }, context) {
    const token = context.session.token
    const newEmail = context.session.pendingNewEmail
    if (!token) throw new FrameError('Not connected to email or social')
    if (!newEmail) throw new FrameError('No email change is in progress: start again')
    const answer = await context.backend.call<{ newEmail: string }>('POST', '/v1/embedded/email/update/secondary', { token, body: { otp, newEmail } })
    context.session.pendingNewEmail = undefined
    return { newEmail: answer.newEmail }
  },
}
