import { z } from 'zod'
import { FrameError, type FrameContext, type FrameHandlers } from '../FrameHandler'
import type { LoginAnswer } from '../SecureSession'
import { beginSocialAuthorization, finishSocialAuthorization, type PendingAuthorization } from './socialAuthorization'

const FAILED = 'Failed to initiate social connection'
/** The providers the dev OpenID provider plays (its client ids). */
const PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const

const redirectPayload = z.object({ provider: z.enum(PROVIDERS) }).strict()
const connectPayload = z.object({ uri: z.string().max(4_000).refine((uri) => URL.canParse(uri), 'must be a URL') }).strict()

/** The login between the redirect URI and the callback, by its `state`: one at a time. */
let pending: PendingAuthorization | undefined

const parse = <T>(schema: z.ZodType<T>, payload: unknown): T => {
  const parsed = schema.safeParse(payload)
  if (!parsed.success) throw new FrameError(`${FAILED}: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

/** The words the modal shows stay the seed's; what went wrong follows them for the console. */
const failure = (error: unknown) => new FrameError(`${FAILED}: ${error instanceof Error ? error.message : String(error)}`)

async function signIn(context: FrameContext, idToken: string, name: string | undefined) {
  const answer = await context.backend.call<LoginAnswer>('POST', '/v1/embedded/social/login', { body: { idToken, deviceId: context.session.deviceId } })
  await context.session.signIn(answer, { name })
}

/**
 * Social login in the secure site: GET_SOCIAL_REDIRECT_URI prepares an authorization code
 * request with PKCE, state and nonce (the verifier never leaves this origin) and answers the
 * URL for the app's popup; CONNECT_SOCIAL takes the URL the popup came back to, checks its
 * state, exchanges the code, validates the ID token's nonce, and signs in through the backend,
 * which links the identity to its account.
 */
export const socialHandlers: FrameHandlers = {
  async GET_SOCIAL_REDIRECT_URI(payload, context) {
    const { provider } = parse(redirectPayload, payload)
    const issuer = context.config.oidcIssuer
    if (!issuer) throw new FrameError(`${FAILED}: no social provider is configured for this wallet`)
    try {
      pending = await beginSocialAuthorization(
        { issuer, clientId: provider, redirectUri: new URL('social/callback.html', `${location.origin}/`).href },
        { returnOrigin: context.appOrigin },
      )
    } catch (error) {
      throw failure(error)
    }
    return { uri: pending.url, callbackOrigin: location.origin }
  },

  async CONNECT_SOCIAL(payload, context) {
    const { uri } = parse(connectPayload, payload)
    const login = pending
    if (!login || new URL(uri).searchParams.get('state') !== login.state) throw new FrameError(`${FAILED}: no social login is waiting for this answer`)
    pending = undefined
    try {
      const identity = await finishSocialAuthorization(login, uri)
      await signIn(context, identity.idToken, identity.name)
    } catch (error) {
      throw failure(error)
    }
    return {}
  },
}
