import { Hono } from 'hono'
import { z } from 'zod'
import type { BackendContext, BackendEnv } from './BackendContext'
import type { Identity } from './db/IdentityStore'
import { deviceIdSchema as deviceId, loginAnswer } from './embeddedSession'
import type { SocialLoginSettings } from './socialLoginSettings'
import { BadRequestError, internalError, parseBody } from './validation'
import { FarcasterProofError, verifyFarcasterIdentity } from './verifyFarcasterIdentity'
import { SocialTokenError, verifySocialIdentity } from './verifySocialIdentity'


/**
 * Social and Farcaster logins of the embedded wallet, called by the secure site once it holds
 * the proof: an ID token from the OpenID provider (checked against the issuer's keys), or a
 * signed Sign-In-With-Farcaster message (checked for the calling secure site's domain, its age,
 * a single-use nonce and the fid's custody address). The identity is linked to its account
 * (the same one on every later login) and a session starts, answered as an email login's is.
 */
export function socialLoginRoutes(ctx: BackendContext) {
  const app = new Hono<BackendEnv>()
  const settings = ctx.socialLogin ?? {}
  const seenNonces = new Set<string>()

  app.onError((error, c) => {
    if (error instanceof SocialTokenError || error instanceof FarcasterProofError) return c.json({ error: error.message }, 401)
    if (error instanceof BadRequestError) return c.json({ error: error.message }, error.status)
    return internalError(c, error)
  })

  const signIn = async (identity: Identity, device: string) => loginAnswer(ctx, await ctx.store.identities.accountFor(identity), device)

  app.post('/v1/embedded/social/login', async (c) => {
    // A malformed request is refused as such (400) whether or not this server offers the login.
    const body = await parseBody(c, z.object({ idToken: z.string().min(20).max(8_000), deviceId }))
    if (!settings.oidc) throw new BadRequestError('Social login is not set up on this server', 503)
    const verified = await verifySocialIdentity(body.idToken, settings.oidc)
    return c.json(await signIn({ provider: verified.provider, subject: verified.subject, email: verified.email }, body.deviceId), 201)
  })

  app.post('/v1/embedded/farcaster/login', async (c) => {
    const body = await parseBody(c, z.object({
      message: z.string().min(1).max(4_000),
      signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte signature').transform((s) => s as `0x${string}`),
      deviceId,
    }))
    if (!settings.farcaster) throw new BadRequestError('Farcaster login is not set up on this server', 503)
    // The message must be made for the site that sends it: the secure site's own origin.
    const origin = c.req.header('origin')
    if (!origin || !URL.canParse(origin)) throw new BadRequestError('A Farcaster login must come from the secure site (no Origin header)', 403)
    const { fid } = await verifyFarcasterIdentity(body, { ...settings.farcaster, domain: new URL(origin).host }, seenNonces)
    return c.json(await signIn({ provider: 'farcaster', subject: String(fid), email: undefined }, body.deviceId), 201)
  })

  return app
}
