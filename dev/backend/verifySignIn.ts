import { getAddress, isAddress, type Hex } from 'viem'
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import type { BackendContext } from './BackendContext'
import { NonceRejectedError, type SessionRecord } from './db/BackendStore'
import { originAllowed } from '../secure-site/originAllowed'
import { BadRequestError } from './validation'

/** How far in the future a message's issued-at may be (clock skew between wallet and server). */
export const ISSUED_AT_SKEW_MS = 5 * 60_000

const REQUIRED_FIELDS = ['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const

/**
 * Whether a sign-in message may name `domain` (`host[:port]`): `http://<domain>` or
 * `https://<domain>` is one of the allowed origins (exact, or matched by a wildcard its owner
 * wrote such as `https://*.app.example` or `http://localhost:*`).
 */
export function isAllowedDomain(domain: string, allowedOrigins: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(`http://${domain}`)
  } catch {
    return false
  }
  if (url.host !== domain.toLowerCase() || url.pathname !== '/' || url.username || url.password) return false
  return ['http:', 'https:'].some((scheme) => originAllowed(`${scheme}//${url.host}`, allowedOrigins))
}

/**
 * Checks an EIP-4361 sign-in and, when it holds, uses up its nonce and opens a session:
 * the message is well-formed; its domain is allowed (and is the request's origin, when the
 * request has one); its URI is on an allowed origin of that domain; its chain is served; it is inside its validity window; its nonce was issued
 * here, is unused and unexpired; and the signature is the address's, checked on that chain
 * (EOA, ERC-1271 contract wallet, or ERC-6492 account not yet deployed). Throws a
 * {@link BadRequestError} that names the first check that failed.
 */
export async function verifySignIn(
  ctx: BackendContext,
  input: { message: string; signature: Hex; origin?: string; now?: number },
): Promise<{ session: SessionRecord; token: string }> {
  const now = input.now ?? Date.now()
  const fields = parseSiweMessage(input.message)
  const missing = REQUIRED_FIELDS.filter((field) => fields[field] === undefined)
  if (missing.length) throw new BadRequestError(`message: not an EIP-4361 sign-in message (missing ${missing.join(', ')})`)
  const { domain, address, uri, version, chainId, nonce, issuedAt } = fields as Required<Pick<typeof fields, (typeof REQUIRED_FIELDS)[number]>>
  const { expirationTime, notBefore } = fields
  if (version !== '1') throw new BadRequestError(`message: version must be 1, not ${version}`)
  if (!isAddress(address, { strict: false })) throw new BadRequestError('message: the address is not a valid 0x address')
  if (Number.isNaN(issuedAt.getTime()) || (expirationTime && Number.isNaN(expirationTime.getTime())) || (notBefore && Number.isNaN(notBefore.getTime()))) {
    throw new BadRequestError('message: Issued At, Expiration Time and Not Before must be ISO 8601 dates')
  }

  assertDomain(ctx, domain, uri, input.origin)
  if (!ctx.reader.chain(chainId)) {
    const served = ctx.reader.chains.map((chain) => chain.id).join(', ')
    throw new BadRequestError(`message: chain ${chainId} is not served by this backend (served: ${served})`, 422)
  }
  assertInWindow({ issuedAt, expirationTime, notBefore }, now)

  await rejectNonce(() => ctx.store.checkNonce(nonce, now))

  let valid: boolean
  try {
    valid = await verifySiweMessage(ctx.reader.client(chainId), {
      message: input.message, signature: input.signature, domain, nonce, time: new Date(now),
    })
  } catch (error) {
    throw new BadRequestError(`chain ${chainId} could not check the signature: ${(error as Error).message.split('\n')[0]}`, 502)
  }
  if (!valid) throw new BadRequestError('signature: does not match the message and its address', 403)

  const expiresAt = Math.min(now + ctx.settings.sessionTtlMs, expirationTime?.getTime() ?? Number.POSITIVE_INFINITY)
  return rejectNonce(() => ctx.store.createSignedSession({
    nonce, caipAddress: `eip155:${chainId}:${getAddress(address)}`, domain, message: input.message, signature: input.signature, expiresAt, now,
  }))
}

/**
 * The message's domain is allowed here, its URI is on an allowed origin whose host is that domain
 * (EIP-4361 asks the verifier to check both), and the domain is the requesting site when the
 * request names one; else a 403 saying which.
 */
export function assertDomain(ctx: BackendContext, domain: string, uri: string, origin: string | undefined): void {
  if (!isAllowedDomain(domain, ctx.settings.allowedOrigins)) throw new BadRequestError(`message: the domain ${domain} is not allowed by this backend`, 403)
  let uriOrigin: URL | undefined
  try {
    uriOrigin = new URL(uri)
  } catch {}
  if (!uriOrigin || !originAllowed(uriOrigin.origin, ctx.settings.allowedOrigins)) throw new BadRequestError(`message: the URI ${uri} is not on an allowed origin of this backend`, 403)
  if (uriOrigin.host !== domain.toLowerCase()) throw new BadRequestError(`message: the URI ${uri} is not on the domain ${domain}`, 403)
  if (origin !== undefined) {
    let originHost: string | undefined
    try {
      originHost = new URL(origin).host
    } catch {}
    if (originHost !== domain.toLowerCase()) throw new BadRequestError(`message: the domain ${domain} is not the requesting site ${origin}`, 403)
  }
}

/** `now` is inside the message's validity window (Issued At at most 5 minutes ahead); else a 401 saying why. */
export function assertInWindow(times: { issuedAt: Date; expirationTime?: Date | undefined; notBefore?: Date | undefined }, now: number): void {
  const { issuedAt, expirationTime, notBefore } = times
  if (issuedAt.getTime() > now + ISSUED_AT_SKEW_MS) throw new BadRequestError('message: Issued At is in the future', 401)
  if (expirationTime && expirationTime.getTime() <= now) throw new BadRequestError('message: has expired', 401)
  if (notBefore && notBefore.getTime() > now) throw new BadRequestError(`message: not valid before ${notBefore.toISOString()}`, 401)
}

/** Runs a nonce step of the store; a refused nonce becomes a 409 (used) or 401 (unknown, expired). */
export async function rejectNonce<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if (error instanceof NonceRejectedError) throw new BadRequestError(`message ${error.message}`, error.reason === 'used' ? 409 : 401)
    throw error
  }
}
