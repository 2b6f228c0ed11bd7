import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clearFaults, injectFault, receivedRequests } from '../../dev/backend/faultControl'
import { start, type RunningBackend } from '../../dev/backend/start'
import { WALLET_CATALOGUE, WALLET_IDS } from '../../dev/backend/walletCatalogue'
import { WalletInfraApi } from '../api/WalletInfraApi'
import { createApiController, isWalletListed, type ListingOptions } from './ApiController'
import { createApiState } from './ApiState'
import { createStores } from './stores'

let backend: RunningBackend
/** A fresh Portico's listing for each test. */
let ApiController: ReturnType<typeof createApiController>
const clientOf = () => new WalletInfraApi({ baseUrl: backend.url, projectId: 'p', sdkType: 'portico', sdkVersion: 'v', retry: { delay: 5 } })

beforeAll(async () => {
  backend = await start()
})
afterAll(async () => {
  await backend?.stop()
})
beforeEach(async () => {
  await clearFaults(backend.url)
  ApiController = createStores().get(createApiController)
  ApiController.setClient(clientOf())
})

const wallets = (path = '/getWallets') => receivedRequests(backend.url, path)

describe('ApiController: listing', () => {
  it('loads pages of 40 and preloads the images of the first 20', async () => {
    await ApiController.fetchWalletsByPage({ page: 1 })
    const s = ApiController.state
    expect(s.wallets).toHaveLength(Math.min(40, WALLET_CATALOGUE.length))
    expect(s.count).toBe(WALLET_CATALOGUE.length)
    expect((await wallets())[0]!.query).toMatchObject({ page: '1', entries: '40' })
    expect(Object.keys(s.walletImages)).toHaveLength(20)
    // The images arrive in whatever order the server answers: the set is what counts.
    expect(Object.keys(s.walletImages).sort()).toEqual(s.wallets.slice(0, 20).map((w) => w.image_id).sort())
    expect(s.walletImages[s.wallets[0]!.image_id!]).toMatch(/^blob:/)
    expect(await wallets('/getWalletImage')).toHaveLength(20)
  })

  it('appends the next page without duplicates', async () => {
    ApiController.configure({ includeWalletIds: [] })
    await ApiController.fetchWalletsByPage({ page: 1 })
    await ApiController.fetchWalletsByPage({ page: 2 })
    const ids = ApiController.state.wallets.map((w) => w.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(WALLET_CATALOGUE.length)
    expect(ApiController.state.page).toBe(2)
  })

  it('asks every page with the same exclusions, though the recommended wallets arrive between pages, and no page past the end', async () => {
    ApiController.configure({ featuredWalletIds: [WALLET_CATALOGUE[0]!.id] })
    await ApiController.fetchFeaturedWallets()
    await ApiController.fetchWalletsByPage({ page: 1 })
    await ApiController.fetchRecommendedWallets() // later than page 1, as on a slow network
    const s = ApiController.state
    while (s.wallets.length < s.count) await ApiController.fetchWalletsByPage({ page: s.page + 1 })
    await ApiController.fetchWalletsByPage({ page: s.page + 1 }) // a scroll past the end asks nothing
    const pages = (await wallets()).filter((r) => r.query.entries === '40')
    expect(pages.map((r) => r.query.page)).toEqual(Array.from({ length: Math.ceil(s.count / 40) }, (_, i) => String(i + 1)))
    expect(new Set(pages.map((r) => r.query.exclude)).size).toBe(1)
    expect(pages[0]!.query.exclude).toBe(WALLET_CATALOGUE[0]!.id)
    // Every wallet but the featured one is listed exactly once.
    const ids = s.wallets.map((w) => w.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(WALLET_CATALOGUE.slice(1).map((w) => w.id).sort())
  })

  it('gives up on an image after 2 s and keeps the others', async () => {
    const slowId = WALLET_CATALOGUE[1]!.image_id
    await injectFault(backend.url, { kind: 'slow', delayMs: 4_000, path: `/getWalletImage/${slowId}` })
    const started = Date.now()
    await ApiController.fetchWalletsByPage({ page: 1 })
    expect(Date.now() - started).toBeLessThan(3_500)
    expect(ApiController.state.walletImages[slowId]).toBeUndefined()
    expect(Object.keys(ApiController.state.walletImages)).toHaveLength(19)
  })

  it('asks for 4 recommended wallets, leaving out the featured ones', async () => {
    ApiController.configure({ featuredWalletIds: [WALLET_CATALOGUE[0]!.id] })
    await ApiController.fetchRecommendedWallets()
    expect(ApiController.state.recommended.map((w) => w.name)).toEqual(WALLET_CATALOGUE.slice(1, 5).map((w) => w.name))
    expect((await wallets())[0]!.query).toMatchObject({ entries: '4', exclude: WALLET_CATALOGUE[0]!.id })
  })

  it('fetches the featured wallets in the order given, as many as there are ids', async () => {
    const ids = [WALLET_CATALOGUE[7]!.id, WALLET_CATALOGUE[2]!.id, WALLET_CATALOGUE[30]!.id]
    ApiController.configure({ featuredWalletIds: ids })
    await ApiController.fetchFeaturedWallets()
    expect(ApiController.state.featured.map((w) => w.id)).toEqual(ids)
    expect((await wallets())[0]!.query).toMatchObject({ entries: '3' })
    ApiController.configure({ featuredWalletIds: [] })
    await ApiController.fetchFeaturedWallets()
    expect(ApiController.state.featured).toEqual([])
    expect(await wallets()).toHaveLength(1)
  })

  it('searches 300 ms after the last keystroke, with the text trimmed, 100 entries', async () => {
    const first = ApiController.searchWallet({ search: 'r' })
    const second = ApiController.searchWallet({ search: 'ra' })
    const typedAt = Date.now()
    await Promise.all([first, ApiController.searchWallet({ search: '  rainbow  ' }), second])
    const requests = await wallets()
    expect(requests).toHaveLength(1)
    expect(requests[0]!.query).toMatchObject({ search: 'rainbow', entries: '100', page: '1' })
    expect(requests[0]!.at - typedAt).toBeGreaterThanOrEqual(290)
    expect(ApiController.state.search.map((w) => w.name)).toEqual(['Rainbow', 'Rainbow Lite'])
    await ApiController.searchWallet({ search: '   ' })
    expect(ApiController.state.search).toEqual([])
    expect(await wallets()).toHaveLength(1)
  })

  it('keeps the list it had when a page fails', async () => {
    await ApiController.fetchWalletsByPage({ page: 1 })
    await injectFault(backend.url, { kind: 'status', status: 500, path: '/getWallets', times: 4 })
    await expect(ApiController.fetchWalletsByPage({ page: 2 })).rejects.toMatchObject({ code: 'SERVER_ERROR' })
    expect(ApiController.state.wallets).toHaveLength(40)
    expect(ApiController.state).toMatchObject({ page: 1, loading: false, error: 'Failed to load wallets' })
  })
})

describe('ApiController: one per Portico', () => {
  it("shares nothing with another Portico's listing: client, narrowing, wallets, search", async () => {
    const otherStores = createStores()
    const other = otherStores.get(createApiController)
    await expect(other.fetchWalletsByPage({ page: 1 })).rejects.toThrow('ApiController has no client')
    ApiController.configure({ chains: ['eip155:1'] })
    await ApiController.fetchWalletsByPage({ page: 1 })
    expect(other.getOptions().chains).toEqual([])
    expect(other.state.wallets).toEqual([])
    expect(otherStores.get(createApiState).state).toBe(other.state)
    other.setClient(clientOf())
    // A search in one Portico does not replace (and so drop) the other's.
    const [mine, theirs] = [ApiController.searchWallet({ search: 'rainbow' }), other.searchWallet({ search: 'metamask' })]
    await Promise.all([mine, theirs])
    expect(ApiController.state.search.map((w) => w.name)).toEqual(['Rainbow', 'Rainbow Lite'])
    expect(other.state.search.map((w) => w.name)).toContain('MetaMask')
    expect(other.state.search.map((w) => w.name)).not.toContain('Rainbow')
  })
})

describe('wallet filtering rules', () => {
  const rules = (over: Partial<ListingOptions> = {}): ListingOptions => ({ ...ApiController.getOptions(), ...over })
  const byName = (name: string) => WALLET_CATALOGUE.find((w) => w.name === name)!

  it('hides wallets excluded by name or rdns', () => {
    expect(isWalletListed(byName('MetaMask'), rules({ excludedRdns: ['io.metamask'] }))).toBe(false)
    expect(isWalletListed(byName('Rainbow'), rules({ excludedNames: ['rainbow'] }))).toBe(false)
    expect(isWalletListed(byName('Rainbow'), rules({ excludedNames: ['MetaMask'] }))).toBe(true)
  })

  it('on mobile lists only wallets with a mobile link, Coinbase, and Phantom/Solflare on Solana', () => {
    const mobile = rules({ isMobile: true })
    expect(isWalletListed(byName('Frame'), mobile)).toBe(false)
    expect(isWalletListed(byName('MetaMask'), mobile)).toBe(true)
    expect(isWalletListed({ ...byName('Coinbase Wallet'), mobile_link: null }, mobile)).toBe(true)
    expect(WALLET_IDS.coinbase).toBe(byName('Coinbase Wallet').id)
    const phantomNoLink = { ...byName('Phantom'), mobile_link: null }
    expect(isWalletListed(phantomNoLink, mobile)).toBe(false)
    expect(isWalletListed(phantomNoLink, rules({ isMobile: true, namespace: 'solana' }))).toBe(true)
  })

  it('with a universal provider lists only wallets with a mobile, desktop or web link', () => {
    const up = rules({ universalProvider: true })
    expect(isWalletListed(byName('Rabby Wallet'), up)).toBe(false)
    expect(isWalletListed(byName('Desktop Only Wallet'), up)).toBe(true)
    expect(isWalletListed(byName('Web Wallet Only'), up)).toBe(true)
  })
})
