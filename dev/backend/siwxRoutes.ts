import { randomBytes, randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import type { BackendContext, BackendEnv } from './BackendContext'
import { assertSigned, signatureSchema } from './profileRoutes'
import { BadRequestError, caip10Schema, parseBody, parseParam, parseQuery } from './validation'
import { verifySignIn } from './verifySignIn'
import { isBitcoinSignInMessage, verifyBitcoinSignIn } from './verifyBitcoinSignIn'
import { isSolanaSignInMessage, verifySolanaSignIn } from './verifySolanaSignIn'

const caipAccount = (value: { chainId: number; address: string }) => `eip155:${value.chainId}:${value.address}`

/** A signed-in account: an EVM one (`eip155:…`, its address checksummed), a Solana one (`solana:<cluster>:<base58>`) or a Bitcoin one (`bip122:<genesis>:<address>`). */
const siwxAccountSchema = z.union([
  caip10Schema.transform((account) => ({ caipAddress: caipAccount(account), address: account.address as string, exact: false })),
  z.string().regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}:[1-9A-HJ-NP-Za-km-z]{32,44}$/).transform((caipAddress) => ({ caipAddress, address: caipAddress.slice(caipAddress.lastIndexOf(':') + 1), exact: true })),
  z.string().regex(/^bip122:[0-9a-f]{32}:[A-Za-z0-9]{26,90}$/).transform((caipAddress) => ({ caipAddress, address: caipAddress.slice(caipAddress.lastIndexOf(':') + 1), exact: true })),
], { error: 'must be a CAIP-10 account such as eip155:31337:0x…, solana:<cluster>:<base58 address> or bip122:<genesis>:<address>' })

/** The bearer token of `Authorization: Bearer <token>`, or a 401 that says what is wrong. */
function bearerToken(c: Context): string {
  const header = c.req.header('authorization')
  if (!header) throw new BadRequestError('Missing Authorization header: send Authorization: Bearer <session token>', 401)
  const match = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(header)
  if (!match) throw new BadRequestError('Authorization: must be Bearer followed by the session token from /v1/siwx/verify', 401)
  return match[1]!
}

/** The live session a request's bearer token stands for, or a 401 that says why not. */
async function liveSession(ctx: BackendContext, c: Context) {
  const found = await ctx.store.sessionByToken(bearerToken(c))
  if (!found) throw new BadRequestError('Unknown session token', 401)
  if (found.status !== 'live') throw new BadRequestError(`Session ${found.status}: sign in again`, 401)
  return found.session
}

/** A 403 unless the session is of `address` (EVM addresses compare without case, base58 ones with). */
function assertOwner(session: { caipAddress: string }, address: string, exact: boolean): void {
  const owner = session.caipAddress.slice(session.caipAddress.lastIndexOf(':') + 1)
  const same = exact ? owner === address : owner.toLowerCase() === address.toLowerCase()
  if (!same) throw new BadRequestError(`The session token is for ${owner}, not ${address}`, 403)
}

/**
 * Sign in with X: single-use nonces, verification of signed EIP-4361 messages into sessions
 * with bearer tokens, listing and revoking sessions. Also the older `/v1/sessions` endpoints,
 * which store a signed message without a nonce and answer it with a token. Every listing and
 * revocation needs the bearer token of a live session of the same address.
 */
export function siwxRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()

  app.post('/v1/siwx/nonce', async (c) => c.json(await ctx.store.createNonce(ctx.settings.nonceTtlMs), 201))

  app.post('/v1/siwx/verify', async (c) => {
    const body = await parseBody(c, z.object({
      message: z.string().min(1).max(8192),
      signature: z.string().max(20_000).regex(/^(0x([0-9a-fA-F]{2})+|[1-9A-HJ-NP-Za-km-z]{64,100}|[A-Za-z0-9+/]{40,}={0,2})$/, 'must be a 0x-prefixed hex signature (EVM), a base58 one (Solana) or a base64 BIP-322 one (Bitcoin)'),
    }))
    const origin = c.req.header('origin')
    // Sign in with Solana: a CAIP-122 message and an ed25519 signature in base58.
    if (isSolanaSignInMessage(body.message)) return c.json(await verifySolanaSignIn(ctx, { message: body.message, signature: body.signature, origin }), 201)
    // Sign in with Bitcoin: a CAIP-122 message and a BIP-322 signature in base64.
    if (isBitcoinSignInMessage(body.message)) return c.json(await verifyBitcoinSignIn(ctx, { message: body.message, signature: body.signature, origin }), 201)
    if (!body.signature.startsWith('0x')) throw new BadRequestError('body signature: an EIP-4361 message takes a 0x-prefixed hex signature')
    const signed = await verifySignIn(ctx, { message: body.message, signature: body.signature as `0x${string}`, origin })
    return c.json(signed, 201)
  })

  // Listed only to the holder of a live session of the same address (on any network).
  app.get('/v1/siwx/sessions', async (c) => {
    const { account } = parseQuery(c, z.object({ account: siwxAccountSchema }))
    assertOwner(await liveSession(ctx, c), account.address, account.exact)
    const sessions = await ctx.store.sessions(account.caipAddress)
    return c.json({ sessions: account.exact ? sessions.filter((session) => session.caipAddress === account.caipAddress) : sessions })
  })

  app.get('/v1/siwx/session', async (c) => {
    const found = await ctx.store.sessionByToken(bearerToken(c))
    if (!found) throw new BadRequestError('Unknown session token', 401)
    if (found.status !== 'live') throw new BadRequestError(`Session ${found.status}: sign in again`, 401)
    return c.json({ session: found.session })
  })

  // The token comes as a bearer header, or as `{ token }` in the body.
  app.post('/v1/siwx/revoke', async (c) => {
    const token = c.req.header('authorization')
      ? bearerToken(c)
      : (await parseBody(c, z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be the session token from /v1/siwx/verify') }))).token
    const found = await ctx.store.sessionByToken(token)
    if (!found) throw new BadRequestError('Unknown session token', 401)
    return c.json({ revoked: await ctx.store.revokeSession(found.session.id) })
  })

  // The older endpoints (BlockchainApi's getSessions/addSession/revokeSession): listed only to
  // the holder of a live session of the same address.
  app.get('/v1/sessions/:caipAddress', async (c) => {
    const account = parseParam(c, 'caipAddress', caip10Schema)
    assertOwner(await liveSession(ctx, c), account.address, false)
    return c.json({ sessions: await ctx.store.sessions(caipAccount(account)) })
  })

  app.post('/v1/sessions', async (c) => {
    const body = await parseBody(c, z.object({
      caipAddress: caip10Schema, message: z.string().min(1).max(4096), signature: signatureSchema,
      expiresAt: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    }))
    await assertSigned(body.caipAddress.address, body.message, body.signature)
    const session = {
      id: randomUUID(),
      caipAddress: caipAccount(body.caipAddress),
      message: body.message,
      signature: body.signature,
      createdAt: Date.now(),
      expiresAt: body.expiresAt ?? null,
    }
    const token = randomBytes(32).toString('base64url')
    await ctx.store.addSession(session, token)
    return c.json({ session, token }, 201)
  })

  app.post('/v1/sessions/revoke', async (c) => {
    const holder = await liveSession(ctx, c)
    const { id } = await parseBody(c, z.object({ id: z.string().min(1).max(100) }))
    // Only sessions this endpoint opened, of the token's own account: a signed-in session ends with its token.
    const own = (await ctx.store.sessions(holder.caipAddress)).some((session) => session.id === id)
    if (!own || !(await ctx.store.revokeSession(id, { unsignedOnly: true }))) return c.json({ error: `No live session ${id} of ${holder.caipAddress}` }, 404)
    return c.json({ revoked: true })
  })
  return app
}
