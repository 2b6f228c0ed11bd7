import * as oauth from 'oauth4webapi'

/** One social provider as the secure site knows it: an OpenID issuer and this site's client there. */
export type SocialProviderConfig = {
  /** The issuer URL (its discovery document is read from `/.well-known/openid-configuration`). */
  issuer: string
  clientId: string
  /** This site's callback, registered with the provider. */
  redirectUri: string
}

/** The `state` carries, after its random part, the app origin the callback page reports to. */
const STATE_SEPARATOR = '.'
const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const fromBase64Url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'))

/**
 * The app origin a callback's `state` names (the page that opened the popup), or undefined.
 * The callback page posts its URL to that origin only.
 */
export function returnOriginOf(state: string | null): string | undefined {
  const encoded = state?.split(STATE_SEPARATOR)[1]
  if (!encoded) return undefined
  try {
    const origin = fromBase64Url(encoded)
    return URL.canParse(origin) && new URL(origin).origin === origin ? origin : undefined
  } catch {
    return undefined
  }
}

/** What the secure site keeps between sending the visitor away and the callback. */
export type PendingAuthorization = {
  provider: SocialProviderConfig
  /** The authorization URL to open in the popup. */
  url: string
  state: string
  nonce: string
  codeVerifier: string
}

/** The identity a provider vouched for, from its validated ID token. */
export type SocialIdentity = {
  issuer: string
  /** The provider (client id) the identity came through. */
  clientId: string
  subject: string
  email?: string
  name?: string
  idToken: string
}

/** Thrown when the provider sends the visitor back with an error or a response that fails its checks. */
export class SocialAuthorizationError extends Error {
  override name = 'SocialAuthorizationError'
  constructor(message: string, readonly code: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}

const insecureLoopback = (issuer: URL) => (issuer.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {})

async function discover(issuerUrl: string) {
  const issuer = new URL(issuerUrl)
  const response = await oauth.discoveryRequest(issuer, insecureLoopback(issuer))
  return oauth.processDiscoveryResponse(issuer, response)
}

/**
 * Prepares an authorization code request with PKCE (S256), a random `state` and `nonce`, and
 * `prompt=login` so the visitor always picks who signs in. `returnOrigin` (the app that opened
 * the popup) rides in the state, so the callback page knows whom to tell.
 *
 * @example
 * const pending = await beginSocialAuthorization({ issuer, clientId: 'google', redirectUri })
 * window.open(pending.url, 'portico-social', 'popup')
 */
export async function beginSocialAuthorization(provider: SocialProviderConfig, options: { returnOrigin?: string } = {}): Promise<PendingAuthorization> {
  const as = await discover(provider.issuer)
  if (!as.authorization_endpoint) throw new SocialAuthorizationError('The provider has no authorization endpoint', 'discovery')
  const codeVerifier = oauth.generateRandomCodeVerifier()
  const random = oauth.generateRandomState()
  const state = options.returnOrigin ? `${random}${STATE_SEPARATOR}${toBase64Url(new URL(options.returnOrigin).origin)}` : random
  const nonce = oauth.generateRandomNonce()
  const url = new URL(as.authorization_endpoint)
  url.search = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: provider.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    prompt: 'login',
  }).toString()
  return { provider, url: url.href, state, nonce, codeVerifier }
}

/**
 * Checks the callback (its `state` must be the one sent), exchanges the code with the PKCE
 * verifier and validates the ID token (issuer, audience, expiry, `nonce`).
 *
 * @example
 * const identity = await finishSocialAuthorization(pending, popup.location.href)
 */
export async function finishSocialAuthorization(pending: PendingAuthorization, callbackUrl: string): Promise<SocialIdentity> {
  const { provider } = pending
  const as = await discover(provider.issuer)
  const client: oauth.Client = { client_id: provider.clientId }
  let parameters: URLSearchParams
  try {
    parameters = oauth.validateAuthResponse(as, client, new URL(callbackUrl), pending.state)
  } catch (error) {
    const code = error instanceof oauth.AuthorizationResponseError ? error.error : 'invalid_response'
    throw new SocialAuthorizationError(error instanceof Error ? error.message : String(error), code, { cause: error })
  }
  try {
    const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), parameters, provider.redirectUri, pending.codeVerifier, insecureLoopback(new URL(provider.issuer)))
    const result = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: pending.nonce, requireIdToken: true })
    const claims = oauth.getValidatedIdTokenClaims(result)
    if (!claims || !result.id_token) throw new SocialAuthorizationError('The provider returned no ID token', 'no_id_token')
    return {
      issuer: claims.iss,
      clientId: provider.clientId,
      subject: claims.sub,
      ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
      ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
      idToken: result.id_token,
    }
  } catch (error) {
    if (error instanceof SocialAuthorizationError) throw error
    const code = error instanceof oauth.ResponseBodyError ? error.error : 'token_exchange'
    throw new SocialAuthorizationError(error instanceof Error ? error.message : String(error), code, { cause: error })
  }
}
