import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type Configuration } from 'oidc-provider'
import { DEV_USERS, findDevUser } from './devUsers'
import { interactionPage } from './interactionPage'
import { isSocialClientId, SOCIAL_CLIENT_NAMES, SOCIAL_CLIENTS, type SocialClientId } from './socialClients'

export type StartOidcOptions = {
  host?: string
  /** Default 0: a free port. */
  port?: number
  /** Where the clients may send the visitor back (exact URLs, e.g. the secure site's `/social/callback`). */
  redirectUris: string[]
}

/** A running dev OpenID provider. */
export type RunningOidc = {
  /** The issuer, `http://host:port`; its discovery document is at `/.well-known/openid-configuration`. */
  url: string
  /** The client ids, one per social provider it plays. */
  clients: readonly SocialClientId[]
  stop(): Promise<void>
}

const readForm = async (request: IncomingMessage): Promise<URLSearchParams> => {
  let body = ''
  for await (const chunk of request) {
    body += chunk
    if (body.length > 10_000) throw new Error('Form too large')
  }
  return new URLSearchParams(body)
}

/**
 * Starts a real OpenID Connect provider (`oidc-provider`) for the local stack. It plays Google,
 * X, Discord, GitHub, Apple and Facebook as six public clients (authorization code with PKCE, no
 * secret), signs ID tokens with a key made at start, and signs people in on its own page where
 * a dev account is picked ("Continue as Alice Example") or the request is cancelled.
 *
 * @example
 * const oidc = await start({ redirectUris: ['http://127.0.0.1:4000/social/callback'] })
 * // authorize at `${oidc.url}/auth?client_id=google&…`
 * await oidc.stop()
 */
export async function start(options: StartOidcOptions): Promise<RunningOidc> {
  const host = options.host ?? '127.0.0.1'
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(503).end()
  }
  const server = createServer((request, response) => handle(request, response))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, resolve)
  })
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`

  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'dev-rs256', alg: 'RS256', use: 'sig' }

  const configuration: Configuration = {
    clients: SOCIAL_CLIENTS.map((id) => ({
      client_id: id,
      client_name: SOCIAL_CLIENT_NAMES[id],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      redirect_uris: options.redirectUris,
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    pkce: { required: () => true },
    // The ID token carries the email and profile claims, as the big providers' tokens do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    // A public client in the browser exchanges its code with fetch: allow its own origins.
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3_600, Grant: 3_600 },
    findAccount: (_ctx, id) => {
      const user = findDevUser(id)
      if (!user) return undefined
      return {
        accountId: user.id,
        claims: () => ({ sub: user.id, email: user.email, email_verified: true, name: user.name, preferred_username: user.id }),
      }
    },
    renderError: (ctx, output) => {
      ctx.type = 'html'
      ctx.body = `<!doctype html><html lang="en"><head><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${String(output.error).replace(/[<>&]/g, '')}: ${String(output.error_description ?? '').replace(/[<>&]/g, '')}</p></main></body></html>`
    },
  }
  const provider = new Provider(issuer, configuration)
  const providerHandler = provider.callback()

  const interaction = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    const details = await provider.interactionDetails(request, response)
    const clientId = String(details.params.client_id)
    if (request.method === 'GET') {
      const redirect = String(details.params.redirect_uri ?? '')
      const page = interactionPage({
        uid: details.uid,
        providerName: isSocialClientId(clientId) ? SOCIAL_CLIENT_NAMES[clientId] : clientId,
        appHost: URL.canParse(redirect) ? new URL(redirect).host : 'An app',
        users: DEV_USERS,
      })
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page)
      return
    }
    if (path.endsWith('/abort')) {
      await provider.interactionFinished(request, response, { error: 'access_denied', error_description: 'The person cancelled the sign-in' }, { mergeWithLastSubmission: false })
      return
    }
    const user = findDevUser((await readForm(request)).get('user') ?? '')
    if (!user) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('Unknown dev account')
      return
    }
    const grant = new provider.Grant({ accountId: user.id, clientId })
    grant.addOIDCScope(String(details.params.scope ?? 'openid'))
    const grantId = await grant.save()
    await provider.interactionFinished(request, response, { login: { accountId: user.id }, consent: { grantId } }, { mergeWithLastSubmission: false })
  }

  handle = (request, response) => {
    const path = new URL(request.url ?? '/', issuer).pathname
    if (path.startsWith('/interaction/') && (request.method === 'GET' || request.method === 'POST')) {
      interaction(request, response, path).catch((error: unknown) => {
        if (response.headersSent) return response.end()
        const message = error instanceof Error ? error.message : String(error)
        response.writeHead(400, { 'content-type': 'text/plain' }).end(`Sign-in failed: ${message}`)
      })
      return
    }
    providerHandler(request, response)
  }

  return {
    url: issuer,
    clients: SOCIAL_CLIENTS,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}
