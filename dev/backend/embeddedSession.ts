import type { Context } from 'hono'
import { z } from 'zod'
import type { BackendContext } from './BackendContext'
import type { CodeCheck, EmbeddedAccount } from './db/EmbeddedStore'
import { BadRequestError } from './validation'

export const emailSchema = z.string().trim().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address')
export const otpSchema = z.string().regex(/^[0-9]{6}$/, 'must be six digits')
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9-]{16,64}$/, 'must be the device id the secure site generated')

/** A refusal the secure site passes on: its words, and a code when it maps to one of the modal's alerts. */
export class EmbeddedError extends BadRequestError {
  constructor(message: string, status: BadRequestError['status'], readonly code?: string, readonly retryAfter?: number) {
    super(message, status)
  }
}

export const codeRefusal = (check: Exclude<CodeCheck, { ok: true }>): EmbeddedError => {
  switch (check.reason) {
    case 'none': return new EmbeddedError('No code is waiting for this address: request a new one', 400)
    case 'expired': return new EmbeddedError('The code has expired: request a new one', 401)
    case 'locked': return new EmbeddedError('Too many wrong codes: request a new one', 429)
    case 'other-device': return new EmbeddedError('This code was sent for another device: request a code on this one', 403, 'CODE_FOR_ANOTHER_DEVICE')
    case 'wrong': return new EmbeddedError(`Wrong code: ${check.attemptsLeft} ${check.attemptsLeft === 1 ? 'attempt' : 'attempts'} left`, 400)
  }
}

export type EmbeddedSession = { account: EmbeddedAccount; deviceId: string; createdAt: number; token: string }

/** The live session of the request's bearer token, or the refusal the modal maps to JWT_TOKEN_NOT_VALID. */
export async function embeddedSession(ctx: BackendContext, c: Context): Promise<EmbeddedSession> {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer ([0-9a-f]{64})$/.exec(header)
  if (!match) throw new EmbeddedError('Unknown session token', 401, 'JWT_TOKEN_NOT_VALID')
  const found = await ctx.store.embedded.session(match[1]!)
  if (!found) throw new EmbeddedError('Unknown session token', 401, 'JWT_TOKEN_NOT_VALID')
  if (found.status === 'expired') throw new EmbeddedError('Session expired: sign in again', 401, 'JWT_TOKEN_NOT_VALID')
  if (found.status === 'revoked') throw new EmbeddedError('Session revoked: sign in again', 401, 'JWT_TOKEN_NOT_VALID')
  return { account: found.account, deviceId: found.deviceId, createdAt: found.createdAt, token: match[1]! }
}

/**
 * What a login (email code, OpenID or Farcaster) answers: the session, the account's address,
 * whether this device holds a share of the key, and, for an account whose key was escrowed
 * before key splitting, that key, for this device to split (the backend deletes it as soon as a
 * device stored its split, so it travels on the first login after the upgrade only).
 * Never an auth share: the secure site asks for it when it signs.
 */
export async function loginAnswer(ctx: BackendContext, account: EmbeddedAccount, deviceId: string) {
  const { token, expiresAt } = await ctx.store.embedded.createSession(account.id, deviceId, ctx.embedded.sessionTtlMs)
  const [share, recovery, legacyKey] = await Promise.all([
    ctx.store.keyShares.authShare(account.id, deviceId),
    ctx.store.keyShares.recovery(account.id),
    account.legacyKey ? ctx.store.keyShares.legacyKey(account.id) : undefined,
  ])
  return { token, expiresAt, email: account.email, address: account.address, deviceShare: share !== undefined, recovery: recovery !== undefined, ...(legacyKey && { legacyKey }) }
}
