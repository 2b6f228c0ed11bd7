import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import type { BackendContext, BackendEnv } from './BackendContext'
import type { CodePurpose } from './db/EmbeddedStore'
import { isPlaceholderEmail } from './db/IdentityStore'
import { EmbeddedError, codeRefusal, deviceIdSchema as deviceId, emailSchema as email, embeddedSession, loginAnswer, otpSchema as otp } from './embeddedSession'
import { BadRequestError, internalError, parseBody } from './validation'

/**
 * The embedded wallet's endpoints, called by the secure site: email login with six-digit codes
 * (sent by SMTP), sessions by bearer token, the account's address, and email
 * change with a code to each address, a code before the key's export. Every code works only
 * on the device it was asked from. One mail per address per 30 s.
 */
export function embeddedRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()
  const settings = ctx.embedded
  const store = ctx.store.embedded

  app.onError((error, c) => {
    if (error instanceof EmbeddedError) {
      if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter))
      return c.json({ error: error.message, ...(error.code && { code: error.code }) }, error.status)
    }
    if (error instanceof BadRequestError) return c.json({ error: error.message }, error.status)
    return internalError(c, error)
  })

  /**
   * Takes the address's one mail of the interval (decided in the database, so that every backend
   * process on it agrees), or refuses with 429 and Retry-After.
   */
  const claimMail = async (to: string) => {
    const decision = await ctx.store.limits.claim(store.mailBucket(to), settings.mailIntervalMs)
    if (!decision.ok) throw new EmbeddedError(`Please try again after ${decision.retryAfterSeconds} seconds`, 429, undefined, decision.retryAfterSeconds)
  }
  const mail = async (to: string, subject: string, text: string) => {
    if (!ctx.mailer) throw new EmbeddedError('Email is not set up on this backend (start it with SMTP_URL)', 503)
    await ctx.mailer({ to, subject, text })
  }
  /** Sends one mail to `to`, at most one per address per interval. */
  const send = async (to: string, subject: string, text: string) => {
    if (!ctx.mailer) throw new EmbeddedError('Email is not set up on this backend (start it with SMTP_URL)', 503)
    await claimMail(to)
    await mail(to, subject, text)
  }
  /**
   * Claims the address's mail of the interval and stores a new code; gives the sending of its mail,
   * for the caller to await or to start once it has answered.
   */
  const newCode = async (to: string, purpose: CodePurpose, options: { newEmail?: string; deviceId?: string } = {}): Promise<() => Promise<void>> => {
    const { newEmail } = options
    if (!ctx.mailer) throw new EmbeddedError('Email is not set up on this backend (start it with SMTP_URL)', 503)
    await claimMail(to)
    const code = await store.createCode(to, purpose, settings.codeTtlMs, options)
    const minutes = Math.round(settings.codeTtlMs / 60_000)
    const why = purpose === 'login' ? 'sign in' : purpose === 'export' ? 'show your private key' : purpose === 'change_primary' ? `change your email to ${newEmail}` : 'confirm your new email'
    return () => mail(to, `Your code: ${code}`, `Your code to ${why} is ${code}.\n\nIt works for ${minutes} minutes. If you did not ask for it, ignore this mail.`)
  }
  const sendCode = async (to: string, purpose: CodePurpose, options: { newEmail?: string; deviceId?: string } = {}) => {
    await (await newCode(to, purpose, options))()
  }
  const session = (c: Context) => embeddedSession(ctx, c)

  // One answer and one mail whatever the address: a code, bound to the device that asked. The
  // route never looks the account up, so neither its answer, its mail nor its timing tells whether
  // the email has one; what a new device needs next (its recovery) is said only after the code,
  // which only the inbox's owner has. The attempt token alone may ask about the device afterwards.
  // It answers once the code is stored, before the mail is handed to SMTP, so that the visitor
  // sees the code field while the mail travels. A mail that fails is logged; "Resend" asks again.
  app.post('/v1/embedded/email/connect', async (c) => {
    const body = await parseBody(c, z.object({ email, deviceId }))
    const sendMail = await newCode(body.email, 'login', { deviceId: body.deviceId })
    const attempt = await ctx.store.loginAttempts.create(body.email, body.deviceId)
    sendMail().catch((error: unknown) => console.error(`[backend] The login code mail to ${body.email} failed:`, error))
    return c.json({ action: 'VERIFY_OTP', attempt })
  })

  // Only for the caller of the login attempt: its token names the email and the device.
  app.post('/v1/embedded/device/status', async (c) => {
    const body = await parseBody(c, z.object({ attempt: z.string().regex(/^[0-9a-f]{64}$/, 'must be the attempt token from email/connect') }))
    const attempt = await ctx.store.loginAttempts.find(body.attempt, settings.deviceLinkTtlMs)
    if (!attempt) throw new EmbeddedError('Unknown or expired login attempt: start again with your email', 401)
    return c.json({ approved: await store.isDeviceApproved(attempt.email, attempt.deviceId) })
  })

  app.post('/v1/embedded/email/verify', async (c) => {
    const body = await parseBody(c, z.object({ email, deviceId, otp }))
    const check = await store.checkCode(body.email, 'login', body.otp, settings.maxCodeAttempts, { deviceId: body.deviceId })
    if (!check.ok) throw codeRefusal(check)
    const account = await store.ensureAccount(body.email)
    await store.approveDevice(body.email, body.deviceId)
    return c.json(await loginAnswer(ctx, account, body.deviceId), 201)
  })

  app.get('/v1/embedded/session', async (c) => {
    const { account } = await session(c)
    return c.json({ email: account.email, address: account.address })
  })

  app.post('/v1/embedded/signout', async (c) => {
    const { token } = await session(c)
    return c.json({ revoked: await store.revokeSession(token) })
  })

  app.post('/v1/embedded/email/update', async (c) => {
    const { account } = await session(c)
    const body = await parseBody(c, z.object({ newEmail: email }))
    // The placeholder of an account made by a login without an email (Farcaster): no inbox to ask.
    if (isPlaceholderEmail(account.email)) throw new EmbeddedError('This account has no email to change: it signs in with Farcaster or a social login', 409)
    if (body.newEmail.toLowerCase() === account.email.toLowerCase()) throw new EmbeddedError('That is already your email', 400)
    if (await store.account(body.newEmail)) throw new EmbeddedError('That email is already in use', 409)
    await sendCode(account.email, 'change_primary', { newEmail: body.newEmail })
    return c.json({ action: 'VERIFY_PRIMARY_OTP' })
  })

  app.post('/v1/embedded/email/update/primary', async (c) => {
    const { account } = await session(c)
    const body = await parseBody(c, z.object({ otp }))
    const check = await store.checkCode(account.email, 'change_primary', body.otp, settings.maxCodeAttempts)
    if (!check.ok) throw codeRefusal(check)
    if (!check.newEmail) throw new EmbeddedError('No email change is waiting: start again', 400)
    await sendCode(check.newEmail, 'change_secondary', { newEmail: check.newEmail })
    return c.json({ action: 'VERIFY_SECONDARY_OTP' })
  })

  app.post('/v1/embedded/email/update/secondary', async (c) => {
    const { account } = await session(c)
    const body = await parseBody(c, z.object({ otp, newEmail: email }))
    const check = await store.checkCode(body.newEmail, 'change_secondary', body.otp, settings.maxCodeAttempts)
    if (!check.ok) throw codeRefusal(check)
    if (await store.account(body.newEmail)) throw new EmbeddedError('That email is already in use', 409)
    await store.changeEmail(account.id, body.newEmail)
    return c.json({ newEmail: body.newEmail })
  })

  // Export of the key: a fresh code, for this device, before the secure site reveals it (it
  // rebuilds the key itself; the backend only confirms that the inbox answered just now).
  app.post('/v1/embedded/export/code', async (c) => {
    const { account, deviceId: device } = await session(c)
    await sendCode(account.email, 'export', { deviceId: device })
    return c.json({ action: 'VERIFY_OTP' })
  })

  app.post('/v1/embedded/export/verify', async (c) => {
    const { account, deviceId: device } = await session(c)
    const body = await parseBody(c, z.object({ otp }))
    const check = await store.checkCode(account.email, 'export', body.otp, settings.maxCodeAttempts, { deviceId: device })
    if (!check.ok) throw codeRefusal(check)
    return c.json({ confirmed: true })
  })

  return app
}
