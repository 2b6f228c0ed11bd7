import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clearFaults, injectFault, receivedRequests } from '../../dev/backend/faultControl'
import { start, type RunningBackend } from '../../dev/backend/start'
import { isOriginAllowed, matchesOrigin } from './allowedOrigins'
import { ApiError } from './ApiError'
import { WalletInfraApi } from './WalletInfraApi'

let backend: RunningBackend
let api: WalletInfraApi

beforeAll(async () => {
  backend = await start({ knownProjectIds: ['good-project'], allowedOrigins: ['https://*.example.com', 'https://shop.test'] })
})
afterAll(async () => {
  await backend?.stop()
})
beforeEach(async () => {
  await clearFaults(backend.url)
  api = new WalletInfraApi({ baseUrl: backend.url, projectId: 'good-project', sdkType: 'portico', sdkVersion: 'html-viem-0.1.0', retry: { delay: 10 } })
})

describe('WalletInfraApi', () => {
  it('fetches the project’s remote features', async () => {
    const features = await api.fetchProjectConfig()
    expect(features.find((f) => f.id === 'swap')).toMatchObject({ isEnabled: true })
  })

  it('pages the catalogue 40 at a time and passes the filters', async () => {
    const first = await api.getWallets({ page: 1 })
    expect(first.data).toHaveLength(Math.min(40, first.count))
    const certified = await api.getWallets({ page: 1, badge_type: 'certified', chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], exclude: [first.data[2]!.id] })
    expect(certified.data.map((w) => w.name)).toEqual(['Trust Wallet', 'Phantom', 'OKX Wallet', 'Bitget Wallet', 'Binance Wallet'])
    const [request] = (await receivedRequests(backend.url, '/getWallets')).slice(-1)
    expect(request!.query).toMatchObject({ page: '1', entries: '40', badge_type: 'certified', projectId: 'good-project' })
  })

  it('fetches wallet and token images as blobs', async () => {
    const { data } = await api.getWallets({ page: 1, entries: 1 })
    const blob = await api.fetchWalletImage(data[0]!.image_id!)
    expect(blob.type).toBe('image/svg+xml')
    expect(await blob.text()).toContain('aria-label="MetaMask"')
    expect((await api.fetchTokenImage('PUSD')).size).toBeGreaterThan(100)
    expect(api.walletImageUrl('abc')).toBe(`${backend.url}/getWalletImage/abc?projectId=good-project&st=portico&sv=html-viem-0.1.0`)
  })

  describe('allowed origins', () => {
    it('returns the project’s origins', async () => {
      expect(await api.fetchAllowedOrigins()).toEqual(['https://*.example.com', 'https://shop.test'])
    })

    it('reports a rate limit as RATE_LIMITED and server errors as SERVER_ERROR', async () => {
      await injectFault(backend.url, { kind: 'status', status: 429, retryAfter: 0, path: '/projects', times: 4 })
      await expect(api.fetchAllowedOrigins()).rejects.toMatchObject({ code: 'RATE_LIMITED' })
      await injectFault(backend.url, { kind: 'status', status: 502, path: '/projects', times: 4 })
      await expect(api.fetchAllowedOrigins()).rejects.toMatchObject({ code: 'SERVER_ERROR' })
    })

    it('reads any other failure as no origins', async () => {
      await injectFault(backend.url, { kind: 'status', status: 404, path: '/projects' })
      expect(await api.fetchAllowedOrigins()).toEqual([])
      await injectFault(backend.url, { kind: 'malformed', path: '/projects' })
      expect(await api.fetchAllowedOrigins()).toEqual([])
    })

    it('matches wildcards and the default ancestors', () => {
      expect(isOriginAllowed('https://a.example.com', ['https://*.example.com'])).toBe(true)
      expect(isOriginAllowed('https://example.com.evil.io', ['https://*.example.com'])).toBe(false)
      expect(isOriginAllowed('http://localhost:5173', [])).toBe(true)
      expect(isOriginAllowed('http://127.0.0.1:8080', [])).toBe(true)
      expect(isOriginAllowed('https://pr-12.my-app.pages.dev', [])).toBe(true)
      expect(isOriginAllowed('https://x.vercel.app', [])).toBe(true)
      expect(isOriginAllowed('https://abc.ngrok-free.app', [])).toBe(true)
      expect(isOriginAllowed('https://vercel.app', [])).toBe(false)
      expect(isOriginAllowed('https://shop.test', ['https://shop.test'])).toBe(true)
      expect(isOriginAllowed('https://other.test', ['https://shop.test'])).toBe(false)
      expect(matchesOrigin('http://localhost:3000', 'http://localhost:*')).toBe(true)
    })
  })

  it('reads the analytics config and sends events', async () => {
    expect(await api.fetchAnalyticsConfig()).toEqual({ isAnalyticsEnabled: true })
    await api.sendEvent({ event: 'MODAL_OPEN', props: { connected: false } })
    const { events } = (await (await fetch(`${backend.url}/__events`)).json()) as { events: unknown[] }
    expect(events).toContainEqual({ event: 'MODAL_OPEN', props: { connected: false } })
  })

  it('says "Invalid App Configuration" when analytics refuses the project (403)', async () => {
    const stranger = new WalletInfraApi({ baseUrl: backend.url, projectId: 'unknown', sdkType: 'portico', sdkVersion: 'v' })
    const error = await stranger.sendEvent({ event: 'MODAL_OPEN' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).shortMessage).toBe('Invalid App Configuration')
  })
})
