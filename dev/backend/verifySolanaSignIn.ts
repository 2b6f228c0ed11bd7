import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import type { BackendContext } from './BackendContext'
import type { SessionRecord } from './db/BackendStore'
import { parseCaip122Message } from './parseCaip122Message'
import { BadRequestError } from './validation'
import { assertDomain, assertInWindow, rejectNonce } from './verifySignIn'

const REQUIRED_FIELDS = ['uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const

/** A Solana cluster's CAIP-2 reference: the first 32 characters of its genesis hash, in base58. */
const CLUSTER_REFERENCE = /^[1-9A-HJ-NP-Za-km-z]{32}$/

/** Whether `message` is a CAIP-122 sign-in with a Solana account (so {@link verifySolanaSignIn} checks it). */
export function isSolanaSignInMessage(message: string): boolean {
  return / wants you to sign in with your Solana account:\n/.test(message.slice(0, 300))
}

/**
 * Checks a Sign in with Solana (a CAIP-122 message signed with the account's ed25519 key) and,
 * when it holds, uses up its nonce and opens a session for `solana:<cluster>:<address>`: the
 * message is well-formed; its domain is allowed (and is the request's origin, when the request has
 * one); its URI is on an allowed origin of that domain; its cluster is one this backend accepts (`solanaClusters`, any when unset: the check
 * needs no node); it is inside its validity window; its nonce was issued here, is unused and
 * unexpired; and `signature` (64 bytes in base58) is the address's signature of the message's
 * UTF-8 bytes. Throws a {@link BadRequestError} naming the first check that failed.
 *
 * @example
 * await verifySolanaSignIn(ctx, { message, signature: bs58.encode(ed25519.sign(new TextEncoder().encode(message), seed)) })
 */
export async function verifySolanaSignIn(
  ctx: BackendContext,
  input: { message: string; signature: string; origin?: string | undefined; now?: number },
): Promise<{ session: SessionRecord; token: string }> {
  const now = input.now ?? Date.now()
  const fields = parseCaip122Message(input.message)
  if (!fields || fields.blockchainName !== 'Solana') throw new BadRequestError('message: not a CAIP-122 sign-in message for a Solana account')
  const missing = REQUIRED_FIELDS.filter((field) => fields[field] === undefined)
  if (missing.length) throw new BadRequestError(`message: not a CAIP-122 sign-in message (missing ${missing.join(', ')})`)
  const { domain, address, uri, version, chainId, nonce } = fields as typeof fields & Record<(typeof REQUIRED_FIELDS)[number], string>
  if (version !== '1') throw new BadRequestError(`message: version must be 1, not ${version}`)
  const publicKey = decodeBase58(address)
  if (publicKey?.length !== 32) throw new BadRequestError('message: the address is not a Solana address (32 bytes in base58)')
  const issuedAt = new Date(fields.issuedAt!)
  const expirationTime = fields.expirationTime === undefined ? undefined : new Date(fields.expirationTime)
  const notBefore = fields.notBefore === undefined ? undefined : new Date(fields.notBefore)
  if ([issuedAt, expirationTime, notBefore].some((time) => time !== undefined && Number.isNaN(time.getTime()))) {
    throw new BadRequestError('message: Issued At, Expiration Time and Not Before must be ISO 8601 dates')
  }

  assertDomain(ctx, domain, uri, input.origin)
  if (!CLUSTER_REFERENCE.test(chainId)) throw new BadRequestError(`message: Chain ID must be a Solana cluster's genesis-hash reference (32 base58 characters), not ${chainId}`)
  const clusters = ctx.settings.solanaClusters
  if (clusters && !clusters.includes(chainId)) throw new BadRequestError(`message: Solana cluster ${chainId} is not accepted by this backend (accepted: ${clusters.join(', ') || 'none'})`, 422)
  assertInWindow({ issuedAt, expirationTime, notBefore }, now)

  const signature = decodeBase58(input.signature)
  if (signature?.length !== 64) throw new BadRequestError('signature: a Solana signature is 64 bytes in base58')
  await rejectNonce(() => ctx.store.checkNonce(nonce, now))
  if (!verifyEd25519(signature, new TextEncoder().encode(input.message), publicKey)) throw new BadRequestError('signature: does not match the message and its address', 403)

  const expiresAt = Math.min(now + ctx.settings.sessionTtlMs, expirationTime?.getTime() ?? Number.POSITIVE_INFINITY)
  return rejectNonce(() => ctx.store.createSignedSession({
    nonce, caipAddress: `solana:${chainId}:${address}`, domain, message: input.message, signature: input.signature, expiresAt, now,
  }))
}

function decodeBase58(text: string): Uint8Array | undefined {
  try {
    return bs58.decode(text)
  } catch {
    return undefined
  }
}

/** ed25519 verification; a key that is not a curve point verifies nothing (noble throws on it). */
function verifyEd25519(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return ed25519.verify(signature, message, publicKey)
  } catch {
    return false
  }
}
