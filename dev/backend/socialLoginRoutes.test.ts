import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser } from 'playwright-core'
import { splitForDevice } from '../../tests/support/keyShares'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start as startFarcaster, type RunningFarcaster } from '../farcaster/start'
import { start as startOidc, type RunningOidc } from '../oidc/start'
import { openFarcasterChannel, waitForFarcasterSignIn } from '../secure-site/farcaster/farcasterSignIn'
import { beginSocialAuthorization, finishSocialAuthorization } from '../secure-site/social/socialAuthorization'
import { start as startBackend, type RunningBackend } from './start'

let chains: DevChainStack
let oidc: RunningOidc
let farcaster: RunningFarcaster
let backend: RunningBackend
let bare: RunningBackend
let browser: Browser
let callback: Server
let redirectUri: string
const device = '33333333-3333-4333-8333-333333333333'
const SITE = { siweUri: 'http://localhost:4555', domain: 'localhost:4555' }

const post = async (path: string, body: unknown, headers: Record<string, string> = {}, on = backend) => {
  const response = await fetch(`${on.url}${path}?projectId=test`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}

/** A real ID token: the provider's page driven in Chromium, the code exchanged with PKCE. */
async function idToken(clientId: string, user: string): Promise<string> {
  const pending = await beginSocialAuthorization({ issuer: oidc.url, clientId, redirectUri })
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(pending.url)
  await page.getByRole('button', { name: `Continue as ${user}` }).click()
  await page.waitForURL((url) => url.href.startsWith(redirectUri))
  const identity = await finishSocialAuthorization(pending, page.url())
  await context.close()
  return identity.idToken
}

/** A real signed Sign-In-With-Farcaster message for `SITE`, approved by the dev Farcaster app as `fid`. */
async function farcasterProof(fid: number) {
  const config = { relayUrl: farcaster.url, rpcUrl: chains.chains[0]!.rpcUrl }
  const channel = await openFarcasterChannel(config, SITE)
  await farcaster.approve(channel.url, fid)
  const { message, signature } = await waitForFarcasterSignIn(config, channel, { intervalMs: 50 })
  return { message, signature, deviceId: device }
}

beforeAll(async () => {
  callback = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<title>back</title>'))
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve))
  redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/cb`
  chains = await startChains({ seed: false })
  oidc = await startOidc({ redirectUris: [redirectUri] })
  farcaster = await startFarcaster()
  backend = await startBackend({
    chains: chains.chains,
    socialLogin: { oidc: { issuer: oidc.url, clientIds: ['google', 'github'] }, farcaster: { relayUrl: farcaster.url, rpcUrl: chains.chains[0]!.rpcUrl } },
  })
  bare = await startBackend({ chains: chains.chains })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 90_000)

afterAll(async () => {
  await browser?.close()
  await bare?.stop()
  await backend?.stop()
  await farcaster?.stop()
  await oidc?.stop()
  await chains?.stop()
  await new Promise((resolve) => callback?.close(resolve))
})

describe('social and Farcaster logins at the backend', () => {
  it('starts a session for a verified ID token and links the identity to one account', async () => {
    const first = await post('/v1/embedded/social/login', { idToken: await idToken('google', 'Alice Example'), deviceId: device })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ email: 'alice@example.test', address: null, deviceShare: false })
    expect(first.body.token).toMatch(/^[0-9a-f]{64}$/)
    // The secure site stores its split's auth share; the next login of the same person finds the address.
    const split = await splitForDevice(device)
    const address = split.address
    expect((await post('/v1/embedded/shares', split.body, { authorization: `Bearer ${first.body.token}` })).status).toBe(201)
    const again = await post('/v1/embedded/social/login', { idToken: await idToken('google', 'Alice Example'), deviceId: device })
    expect(again.body).toEqual({ token: expect.any(String), expiresAt: expect.any(Number), email: 'alice@example.test', address, deviceShare: true, recovery: false })
    expect(again.body.token).not.toBe(first.body.token)
  })

  it('refuses a token whose signature does not check, and one for a client it does not accept', async () => {
    const token = await idToken('github', 'Bob Example')
    const [header, payload] = token.split('.')
    const forged = await post('/v1/embedded/social/login', { idToken: `${header}.${payload}.${'A'.repeat(342)}`, deviceId: device })
    expect(forged).toEqual({ status: 401, body: { error: 'The ID token was refused (ERR_JWS_SIGNATURE_VERIFICATION_FAILED)' } })
    const otherClient = await post('/v1/embedded/social/login', { idToken: await idToken('x', 'Bob Example'), deviceId: device })
    expect(otherClient).toEqual({ status: 401, body: { error: 'The ID token was refused (ERR_JWT_CLAIM_VALIDATION_FAILED)' } })
  })

  it('signs a Farcaster user in once per message, only for the site the message names', async () => {
    const proof = await farcasterProof(1001)
    const wrongSite = await post('/v1/embedded/farcaster/login', proof, { origin: 'http://localhost:9999' })
    expect(wrongSite).toEqual({ status: 401, body: { error: 'The Farcaster message was refused: Invalid domain' } })
    const ok = await post('/v1/embedded/farcaster/login', proof, { origin: SITE.siweUri })
    expect(ok.status).toBe(201)
    expect(ok.body.email).toBe('1001@farcaster.invalid')
    const replay = await post('/v1/embedded/farcaster/login', proof, { origin: SITE.siweUri })
    expect(replay).toEqual({ status: 401, body: { error: 'The Farcaster message was already used' } })
    // The same fid on a new message: the same account.
    const next = await post('/v1/embedded/farcaster/login', await farcasterProof(1001), { origin: SITE.siweUri })
    expect(next.body.email).toBe('1001@farcaster.invalid')
    // That account has no inbox: a change of its "email" is refused before any code is made.
    const change = await post('/v1/embedded/email/update', { newEmail: 'taken-over@example.com' }, { authorization: `Bearer ${next.body.token}` })
    expect(change).toEqual({ status: 409, body: { error: 'This account has no email to change: it signs in with Farcaster or a social login' } })
  })

  it('answers 503 where social and Farcaster logins are not set up, and 400 for malformed bodies', async () => {
    expect(await post('/v1/embedded/social/login', { idToken: 'x'.repeat(40), deviceId: device }, {}, bare)).toEqual({ status: 503, body: { error: 'Social login is not set up on this server' } })
    expect((await post('/v1/embedded/farcaster/login', { message: 'm', signature: `0x${'ab'.repeat(65)}`, deviceId: device }, {}, bare)).status).toBe(503)
    // A malformed body is refused as such even where the login is not set up.
    expect((await post('/v1/embedded/farcaster/login', { message: 'm', signature: '0x00', deviceId: device }, {}, bare)).status).toBe(400)
    const malformed = await post('/v1/embedded/farcaster/login', { message: 'm', signature: '0x00', deviceId: device }, { origin: SITE.siweUri })
    expect(malformed.status).toBe(400)
  })
})
