import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose'

/** Where the backend checks social ID tokens: the OpenID issuer and the client ids it accepts. */
export type SocialIssuerConfig = { issuer: string; clientIds: readonly string[] }

/** An identity the backend accepts: the provider (client id), the subject, and a verified email if any. */
export type VerifiedSocialIdentity = { provider: string; subject: string; email: string | undefined }

export class SocialTokenError extends Error {
  override name = 'SocialTokenError'
}

const keySets = new Map<string, Promise<JWTVerifyGetKey>>()

/** The issuer's signing keys, from the `jwks_uri` of its discovery document (fetched once per issuer). */
const keysOf = (issuer: string): Promise<JWTVerifyGetKey> => {
  let keys = keySets.get(issuer)
  if (!keys) {
    keys = fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`)
      .then((response) => (response.ok ? (response.json() as Promise<{ jwks_uri?: unknown }>) : Promise.reject(new Error(`discovery answered ${response.status}`))))
      .then(({ jwks_uri }) => {
        if (typeof jwks_uri !== 'string') throw new Error('discovery names no jwks_uri')
        return createRemoteJWKSet(new URL(jwks_uri))
      })
    keys.catch(() => keySets.delete(issuer))
    keySets.set(issuer, keys)
  }
  return keys
}

/**
 * Checks a social login's ID token the way a relying party must before trusting it: the
 * signature against the issuer's published keys, the issuer, an audience that is one of the
 * configured clients, and expiry. The email counts only when the provider marked it verified.
 *
 * @example
 * const identity = await verifySocialIdentity(idToken, { issuer: oidcUrl, clientIds: ['google', 'github'] })
 */
export async function verifySocialIdentity(idToken: string, config: SocialIssuerConfig): Promise<VerifiedSocialIdentity> {
  const keys = await keysOf(config.issuer).catch((error: unknown) => {
    throw new SocialTokenError(`The social provider cannot be reached (${error instanceof Error ? error.message : String(error)})`, { cause: error })
  })
  try {
    const { payload } = await jwtVerify(idToken, keys, { issuer: config.issuer, audience: [...config.clientIds] })
    const provider = typeof payload.aud === 'string' ? payload.aud : payload.aud?.find((aud) => config.clientIds.includes(aud))
    if (!provider || !payload.sub) throw new SocialTokenError('The ID token names no subject or client')
    const email = payload.email_verified === true && typeof payload.email === 'string' ? payload.email : undefined
    return { provider, subject: payload.sub, email }
  } catch (error) {
    if (error instanceof SocialTokenError) throw error
    const reason = error instanceof errors.JOSEError ? error.code : 'ERR_UNKNOWN'
    throw new SocialTokenError(`The ID token was refused (${reason})`, { cause: error })
  }
}
