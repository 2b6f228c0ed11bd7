import { authenticate, buildSignInMessage, createWalletClient } from '@farcaster/auth-client'
import { chromium, type Browser } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { start as startChains, type DevChainStack } from '../chain/start'
import { FarcasterSignInError, openFarcasterChannel, waitForFarcasterSignIn, type FarcasterConfig } from '../secure-site/farcaster/farcasterSignIn'
import { DEV_FARCASTER_ACCOUNTS } from './devFarcasterAccounts'
import { devRegistryConnector } from './devRegistryConnector'
import { start, type RunningFarcaster } from './start'

const SITE = { siweUri: 'http://127.0.0.1:4455', domain: '127.0.0.1:4455' }
const [alice, bob] = DEV_FARCASTER_ACCOUNTS as [typeof DEV_FARCASTER_ACCOUNTS[0], typeof DEV_FARCASTER_ACCOUNTS[0]]

let chains: DevChainStack
let farcaster: RunningFarcaster
let config: FarcasterConfig
let browser: Browser

beforeAll(async () => {
  chains = await startChains({ seed: false })
  farcaster = await start()
  config = { relayUrl: farcaster.url, rpcUrl: chains.chains[0]!.rpcUrl }
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await farcaster?.stop()
  await chains?.stop()
})

const status = (token: string) => fetch(`${farcaster.url}/v1/channel/status`, { headers: { authorization: `Bearer ${token}` } })

describe('the dev Farcaster sign-in', () => {
  it('opens a channel, the dev app signs with the custody key picked on its page, and the sign-in verifies', async () => {
    const channel = await openFarcasterChannel(config, SITE)
    expect(channel.url).toBe(`${farcaster.url}/app/siwf?channelToken=${channel.channelToken}`)
    expect((await status(channel.channelToken)).status).toBe(202)

    const page = await browser.newPage()
    await page.goto(channel.url)
    await page.getByRole('heading', { name: `Sign in to ${SITE.domain}` }).waitFor()
    await page.getByRole('button', { name: '@bob.dev' }).click()
    await expect(page.getByRole('status').textContent()).resolves.toBe(`You signed in to ${SITE.domain} as @bob.dev.`)
    await page.close()

    const identity = await waitForFarcasterSignIn(config, channel, { intervalMs: 100 })
    expect(identity).toMatchObject({ fid: bob.fid, custody: bob.custody, username: 'bob.dev' })
    expect(identity.message).toContain(`${SITE.domain} wants you to sign in with your Ethereum account:\n${bob.custody}`)
    expect(identity.message).toContain(`Nonce: ${channel.nonce}`)
    expect(identity.message).toContain(`farcaster://fid/${bob.fid}`)
    // A channel completes once.
    await expect(farcaster.approve(channel.url, alice.fid)).rejects.toThrow('The relay refused the sign-in: Unknown, expired or completed channel')
  })

  it('fails verification when the site expects another domain', async () => {
    const channel = await openFarcasterChannel(config, SITE)
    await farcaster.approve(channel.url, alice.fid)
    const failure = waitForFarcasterSignIn(config, { ...channel, domain: 'elsewhere.test' }, { intervalMs: 100 })
    await expect(failure).rejects.toThrow(new FarcasterSignInError('The Farcaster sign-in failed verification: Invalid domain'))
  })

  it('fails verification when the signer is not the custody address of the fid it claims', async () => {
    const channel = await openFarcasterChannel(config, SITE)
    const impostor = privateKeyToAccount(generatePrivateKey())
    const wallet = createWalletClient({ relay: farcaster.url, ethereum: devRegistryConnector(farcaster.url, config.rpcUrl) })
    const built = buildSignInMessage(wallet, { fid: alice.fid, address: impostor.address, uri: SITE.siweUri, domain: SITE.domain, nonce: channel.nonce })
    const signature = await impostor.signMessage({ message: built.message! })
    const sent = await authenticate(wallet, { channelToken: channel.channelToken, authKey: 'portico-dev-farcaster-app', message: built.message!, signature, fid: alice.fid })
    expect(sent.response?.status).toBe(201)
    await expect(waitForFarcasterSignIn(config, channel, { intervalMs: 100 })).rejects.toThrow(`signer ${impostor.address} does not own fid ${alice.fid}`)
  })

  it('times out with a clear error when nobody approves', async () => {
    const channel = await openFarcasterChannel(config, SITE)
    await expect(waitForFarcasterSignIn(config, channel, { timeoutMs: 300, intervalMs: 100 })).rejects.toThrow('The Farcaster sign-in did not complete within 300 ms')
  })

  it('refuses an app without the relay key, unknown channels and malformed requests', async () => {
    const channel = await openFarcasterChannel(config, SITE)
    const withoutKey = await fetch(`${farcaster.url}/v1/channel/authenticate`, {
      method: 'POST', headers: { authorization: `Bearer ${channel.channelToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'm', signature: '0x00', fid: alice.fid }),
    })
    expect(withoutKey.status).toBe(401)
    expect(await withoutKey.json()).toEqual({ error: 'Unknown Farcaster app' })
    expect((await status('no-such-channel')).status).toBe(401)
    await expect(waitForFarcasterSignIn(config, { ...channel, channelToken: 'no-such-channel' })).rejects.toThrow('The Farcaster sign-in did not complete: the relay answered 401')
    const bad = await fetch(`${farcaster.url}/v1/channel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ domain: '' }) })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: string }).error).toBe('Invalid channel request')
    const registry = await fetch(`${farcaster.url}/v1/registry/custody/${alice.custody}`)
    expect(await registry.json()).toEqual({ fid: alice.fid, custody: alice.custody })
  })

  it('drops channels after their time to live', async () => {
    const shortLived = await start({ channelTtlMs: 50 })
    try {
      const channel = await openFarcasterChannel({ ...config, relayUrl: shortLived.url }, SITE)
      await new Promise((resolve) => setTimeout(resolve, 80))
      const response = await fetch(`${shortLived.url}/v1/channel/status`, { headers: { authorization: `Bearer ${channel.channelToken}` } })
      expect(response.status).toBe(401)
    } finally {
      await shortLived.stop()
    }
  })
})
