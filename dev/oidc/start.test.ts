import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { beginSocialAuthorization, finishSocialAuthorization, SocialAuthorizationError } from '../secure-site/social/socialAuthorization'
import { start, type RunningOidc } from './start'

let oidc: RunningOidc
let browser: Browser
let callbackServer: Server
let redirectUri: string

beforeAll(async () => {
  // The app's callback: a page that only says it was reached, so the test reads the URL it got.
  callbackServer = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Back at the app</title>'))
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve))
  redirectUri = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/social/callback`
  oidc = await start({ redirectUris: [redirectUri] })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await oidc?.stop()
  await new Promise((resolve) => callbackServer?.close(resolve))
})

/** Opens `url` in a fresh context and returns the page once it is back at the callback (or the test gives up). */
async function signIn(url: string, act: (page: Page) => Promise<void>) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(url)
  await act(page)
  await page.waitForURL((current) => current.href.startsWith(redirectUri), { timeout: 10_000 })
  const reached = page.url()
  await context.close()
  return reached
}

describe('the dev OpenID provider', () => {
  it('publishes discovery for code + PKCE (S256) and the six social clients', async () => {
    const response = await fetch(`${oidc.url}/.well-known/openid-configuration`)
    const doc = (await response.json()) as Record<string, unknown>
    expect(doc.issuer).toBe(oidc.url)
    expect(doc.code_challenge_methods_supported).toEqual(['S256'])
    expect(doc.response_types_supported).toContain('code')
    expect(oidc.clients).toEqual(['google', 'x', 'discord', 'github', 'apple', 'facebook'])
  })

  for (const [clientId, user, name, email] of [
    ['google', 'Alice Example', 'alice', 'alice@example.test'],
    ['github', 'Bob Example', 'bob', 'bob@example.test'],
  ] as const) {
    it(`signs ${user} in through ${clientId} on its page, and the code exchange gives a signed ID token`, async () => {
      const pending = await beginSocialAuthorization({ issuer: oidc.url, clientId, redirectUri })
      const callback = await signIn(pending.url, async (page) => {
        await page.getByRole('heading', { name: new RegExp(`^Sign in with ${clientId === 'github' ? 'GitHub' : 'Google'}$`) }).waitFor()
        await page.getByRole('button', { name: `Continue as ${user}` }).click()
      })
      expect(new URL(callback).searchParams.get('state')).toBe(pending.state)
      const identity = await finishSocialAuthorization(pending, callback)
      expect(identity).toMatchObject({ issuer: oidc.url, clientId, subject: name, email, name: user })
      // The ID token's signature checks against the provider's published keys.
      const { payload } = await jwtVerify(identity.idToken, createRemoteJWKSet(new URL(`${oidc.url}/jwks`)), { issuer: oidc.url, audience: clientId })
      expect(payload.nonce).toBe(pending.nonce)
    })
  }

  it('sends the visitor back with access_denied when they cancel', async () => {
    const pending = await beginSocialAuthorization({ issuer: oidc.url, clientId: 'x', redirectUri })
    const callback = await signIn(pending.url, (page) => page.getByRole('button', { name: 'Cancel' }).click())
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied')
    const failure = await finishSocialAuthorization(pending, callback).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SocialAuthorizationError)
    expect((failure as SocialAuthorizationError).code).toBe('access_denied')
  })

  it('refuses a callback whose state is not the one sent', async () => {
    const pending = await beginSocialAuthorization({ issuer: oidc.url, clientId: 'discord', redirectUri })
    const callback = await signIn(pending.url, (page) => page.getByRole('button', { name: 'Continue as Carol Example' }).click())
    const forged = new URL(callback)
    forged.searchParams.set('state', 'not-the-state')
    await expect(finishSocialAuthorization(pending, forged.href)).rejects.toThrow(/state/)
  })

  it('refuses a code exchanged with the wrong PKCE verifier', async () => {
    const pending = await beginSocialAuthorization({ issuer: oidc.url, clientId: 'apple', redirectUri })
    const callback = await signIn(pending.url, (page) => page.getByRole('button', { name: 'Continue as Alice Example' }).click())
    const failure = await finishSocialAuthorization({ ...pending, codeVerifier: 'x'.repeat(43) }, callback).catch((error: unknown) => error)
    expect((failure as SocialAuthorizationError).code).toBe('invalid_grant')
  })

  it('requires PKCE: a request without a code challenge comes back with invalid_request', async () => {
    const pending = await beginSocialAuthorization({ issuer: oidc.url, clientId: 'facebook', redirectUri })
    const url = new URL(pending.url)
    url.searchParams.delete('code_challenge')
    url.searchParams.delete('code_challenge_method')
    const callback = await signIn(url.href, async () => {})
    expect(new URL(callback).searchParams.get('error')).toBe('invalid_request')
    expect(new URL(callback).searchParams.get('error_description')).toMatch(/PKCE/)
  })

  it('does not send anyone to a redirect URI that is not registered', async () => {
    const pending = await beginSocialAuthorization({ issuer: oidc.url, clientId: 'google', redirectUri: 'http://127.0.0.1:9/elsewhere' })
    const response = await fetch(pending.url, { redirect: 'manual' })
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(/redirect_uri/)
  })
})
