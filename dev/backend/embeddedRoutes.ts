import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import type { BackendContext, BackendEnv } from './BackendContext'
import type { CodeCheck, CodePurpose } from './db/EmbeddedStore'
import { BadRequestError, addressSchema, internalError, parseBody, parseQuery } from './validation'

const email = z.string().trim().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address')
const otp = z.string().regex(/^[0-9]{6}$/, 'must be six digits')
const deviceId = z.string().regex(/^[A-Za-z0-9-]{16,64}$/, 'must be the device id the secure site generated')

/** A refusal the secure site passes on: its words, and a code when it maps to one of the modal's alerts. */
class EmbeddedError extends BadRequestError {
  constructor(message: string, status: BadRequestError['status'], readonly code?: string, readonly retryAfter?: number) {
    super(message, status)
  }
}

const codeRefusal = (check: Exclude<CodeCheck, { ok: true }>): EmbeddedError => {
  switch (check.reason) {
    case 'none': return new EmbeddedError('No code is waiting for this address: request a new one', 400)
    case 'expired': return new EmbeddedError('The code has expired: request a new one', 401)
    case 'locked': return new EmbeddedError('Too many wrong codes: request a new one', 429)
    case 'wrong': return new EmbeddedError(`Wrong code: ${check.attemptsLeft} ${check.attemptsLeft === 1 ? 'attempt' : 'attempts'} left`, 400)
  }
}

/**
 * The embedded wallet's endpoints, called by the secure site: email login with six-digit codes
 * and device links (sent by SMTP), sessions by bearer token, the account's address, and email
 * change with a code to each address. One mail per address per 30 s.
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
    const decision = await ctx.store.limits.claim(`mail:${to.trim().toLowerCase()}`, settings.mailIntervalMs)
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
  const sendCode = async (to: string, purpose: CodePurpose, newEmail?: string) => {
    if (!ctx.mailer) throw new EmbeddedError('Email is not set up on this backend (start it with SMTP_URL)', 503)
    await claimMail(to)
    const code = await store.createCode(to, purpose, settings.codeTtlMs, newEmail ? { newEmail } : {})
    const minutes = Math.round(settings.codeTtlMs / 60_000)
    const why = purpose === 'login' ? 'sign in' : purpose === 'change_primary' ? `change your email to ${newEmail}` : 'confirm your new email'
    await mail(to, `Your code: ${code}`, `Your code to ${why} is ${code}.\n\nIt works for ${minutes} minutes. If you did not ask for it, ignore this mail.`)
  }
  const session = async (c: Context) => {
    const header = c.req.header('authorization') ?? ''
    const match = /^Bearer ([0-9a-f]{64})$/.exec(header)
    if (!match) throw new EmbeddedError('Unknown session token', 401, 'JWT_TOKEN_NOT_VALID')
    const found = await store.session(match[1]!)
    if (!found) throw new EmbeddedError('Unknown session token', 401, 'JWT_TOKEN_NOT_VALID')
    if (found.status === 'expired') throw new EmbeddedError('Session expired: sign in again', 401, 'JWT_TOKEN_NOT_VALID')
    if (found.status === 'revoked') throw new EmbeddedError('Session revoked: sign in again', 401, 'JWT_TOKEN_NOT_VALID')
    return { ...found, token: match[1]! }
  }
  const projectId = (c: Context) => c.req.query('projectId') ?? c.req.header('x-project-id') ?? ''

  // Either way one mail goes out and the caller gets a token for this attempt (which alone may
  // ask about the device afterwards).
  app.post('/v1/embedded/email/connect', async (c) => {
    const body = await parseBody(c, z.object({ email, deviceId }))
    const account = await store.account(body.email)
    if (account && !(await store.isDeviceApproved(body.email, body.deviceId))) {
      const token = await store.createDeviceLink(body.email, body.deviceId)
      const link = `${ctx.baseUrl()}/v1/embedded/device/approve?token=${token}&projectId=${encodeURIComponent(projectId(c))}`
      await send(body.email, 'Approve your new device', `Someone (hopefully you) is signing in from a new device.\n\nApprove it: ${link}\n\nThe link works for ${Math.round(settings.deviceLinkTtlMs / 60_000)} minutes.`)
      return c.json({ action: 'VERIFY_DEVICE', attempt: await ctx.store.loginAttempts.create(body.email, body.deviceId) })
    }
    await sendCode(body.email, 'login')
    return c.json({ action: 'VERIFY_OTP', attempt: await ctx.store.loginAttempts.create(body.email, body.deviceId) })
  })

  app.get('/v1/embedded/device/approve', async (c) => {
    const { token } = parseQuery(c, z.object({ token: z.string().regex(/^[0-9a-f]{48}$/, 'must be the token from the mail'), projectId: z.string().optional() }))
    const device = await store.useDeviceLink(token, settings.deviceLinkTtlMs)
    if (!device) return c.html(devicePage('This link has expired or was already used. Sign in again to get a new one.'), 410)
    // The code follows the approval at once (the link itself is the proof of the inbox).
    const code = await store.createCode(device.email, 'login', settings.codeTtlMs)
    await store.recordSend(device.email)
    await ctx.mailer?.({ to: device.email, subject: `Your code: ${code}`, text: `Your code to sign in is ${code}.\n\nIt works for ${Math.round(settings.codeTtlMs / 60_000)} minutes.` })
    return c.html(devicePage('This device is approved. Go back to the app and enter the code we just sent you.'))
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
    const check = await store.checkCode(body.email, 'login', body.otp, settings.maxCodeAttempts)
    if (!check.ok) throw codeRefusal(check)
    const account = await store.ensureAccount(body.email)
    await store.approveDevice(body.email, body.deviceId)
    const { token, expiresAt } = await store.createSession(account.id, body.deviceId, settings.sessionTtlMs)
    return c.json({ token, expiresAt, email: account.email, address: account.address, keyEscrow: account.keyEscrow }, 201)
  })

  app.get('/v1/embedded/session', async (c) => {
    const { account } = await session(c)
    return c.json({ email: account.email, address: account.address, keyEscrow: account.keyEscrow })
  })

  app.post('/v1/embedded/account', async (c) => {
    const { account } = await session(c)
    const body = await parseBody(c, z.object({ address: addressSchema, keyEscrow: z.string().regex(/^0x[0-9a-f]{64}$/, 'must be a 0x-prefixed 32-byte hex key') }))
    if (!(await store.setAddress(account.id, body.address, body.keyEscrow))) throw new EmbeddedError('This account already has another address', 409)
    return c.json({ address: body.address })
  })

  app.post('/v1/embedded/signout', async (c) => {
    const { token } = await session(c)
    return c.json({ revoked: await store.revokeSession(token) })
  })

  app.post('/v1/embedded/email/update', async (c) => {
    const { account } = await session(c)
    const body = await parseBody(c, z.object({ newEmail: email }))
    if (body.newEmail.toLowerCase() === account.email.toLowerCase()) throw new EmbeddedError('That is already your email', 400)
    if (await store.account(body.newEmail)) throw new EmbeddedError('That email is already in use', 409)
    await sendCode(account.email, 'change_primary', body.newEmail)
    return c.json({ action: 'VERIFY_PRIMARY_OTP' })
  })

  app.post('/v1/embedded/email/update/primary', async (c) => {
    const { account } = await session(c)
    const body = await parseBody(c, z.object({ otp }))
    const check = await store.checkCode(account.email, 'change_primary', body.otp, settings.maxCodeAttempts)
    if (!check.ok) throw codeRefusal(check)
    if (!check.newEmail) throw new EmbeddedError('No email change is waiting: start again', 400)
    await sendCode(check.newEmail, 'change_secondary', check.newEmail)
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

  return app
}

const devicePage = (message: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Device approval</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem;color:#1a1a1a;background:#fff}</style></head>
<body><main><h1>Device approval</h1><p>${message}</p></main></body></html>`
