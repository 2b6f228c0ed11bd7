import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { createApiController, WALLETS_PAGE_SIZE } from '../../src/controllers/ApiController'
import { type GetWalletsParams, WalletInfraApi } from '../../src/api/WalletInfraApi'
import { closeApp } from './journeyHarness'
import { dialog, modalRoot } from './modalHarness'
import { startWalletConnectApp, startWalletConnectStack, wc, type WalletConnectApp } from './walletConnectHarness'
import { testStore } from '../support/testStores'

const ApiController = testStore(createApiController)

// Issue 25, item 7: the Connect view's "All wallets N", the All wallets view's count and the rows a
// visitor can scroll to are one set, on a desktop and on a phone, with the reference backend's catalogue.
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const realUserAgent = navigator.userAgent
const setUserAgent = (userAgent: string) => Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => userAgent })

let relayUrl: string
let app: WalletConnectApp | undefined

beforeAll(async () => {
  ;({ relayUrl } = await startWalletConnectStack())
}, 120_000)

afterEach(async () => {
  await closeApp(app?.portico)
  app = undefined
  setUserAgent(realUserAgent)
})

afterAll(async () => {
  await wc.wcStop()
})

/**
 * The listing's page requests the app made (`getWallets` without a search, 40 to a page), as the
 * real client is called: recorded on the way through, the request still goes to the server. The
 * HTTP client's own retry of an attempt that timed out on a loaded machine is inside one call, so
 * it is one request here, as it is to the app.
 */
const asked: { page: number; exclude: string | null }[] = []
const realGetWallets = WalletInfraApi.prototype.getWallets
beforeAll(() => {
  WalletInfraApi.prototype.getWallets = function (this: WalletInfraApi, params: GetWalletsParams) {
    if (!params.search && params.entries === WALLETS_PAGE_SIZE) asked.push({ page: params.page, exclude: params.exclude?.join(',') || null })
    return realGetWallets.call(this, params)
  }
})
afterAll(() => {
  WalletInfraApi.prototype.getWallets = realGetWallets
})
const pageRequests = () => [...asked]

/** The number in the Connect view's "All wallets" row. */
async function connectViewCount(): Promise<number> {
  const row = dialog().getByRole('button', { name: /All wallets/ })
  await expect.element(row).toBeVisible()
  return Number((row.element().textContent ?? '').replace(/\D/g, ''))
}

/** Scrolls All wallets to its end until no more rows come; returns the rows' names. */
async function scrollToEnd(): Promise<string[]> {
  const list = dialog().getByRole('list', { name: 'All wallets' })
  await expect.poll(() => list.getByRole('button').elements().length, { timeout: 15_000 }).toBeGreaterThan(0)
  let rows = 0
  for (let still = 0, rounds = 0; still < 3; rounds++) {
    if (rounds === 60) {
      const { page: p, count, fetched, loading, wallets } = ApiController.state
      expect.fail(`All wallets did not reach its end: ${JSON.stringify({ rows, page: p, count, fetched, loading, wallets: wallets.length, sentinel: modalRoot().querySelector('ul.list li[aria-hidden="true"]') !== null })}`)
    }
    // To the very end of the list, as a visitor's scroll goes: past the last row, to the marker that loads more.
    const end = modalRoot().querySelector('ul.list li[aria-hidden="true"]') ?? list.getByRole('button').elements().at(-1)
    end?.scrollIntoView({ block: 'end' })
    await new Promise((resolve) => setTimeout(resolve, 400))
    const now = list.getByRole('button').elements().length
    const settled = now === rows && !ApiController.state.loading && modalRoot().querySelector('ul.list li[aria-hidden="true"]') === null
    still = settled ? still + 1 : 0
    rows = now
  }
  return list.getByRole('button').elements().map((button) => button.querySelector('.label')?.textContent ?? '')
}

describe.each([
  { device: 'a desktop', userAgent: realUserAgent, viewport: [1280, 900] as [number, number], desktopOnly: true },
  { device: 'an iPhone at 390 px', userAgent: IPHONE, viewport: [390, 844] as [number, number], desktopOnly: false },
])('on $device', ({ userAgent, viewport, desktopOnly }) => {
  it('lists every wallet once when scrolled to the end, the Connect view and All wallets count them alike, and no page past the end is asked for', async () => {
    setUserAgent(userAgent)
    asked.length = 0
    app = await startWalletConnectApp({ relayUrl, viewport, preload: false })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.poll(() => ApiController.state.page, { timeout: 15_000 }).toBeGreaterThan(0)
    await expect.poll(() => ApiController.state.recommended.length, { timeout: 15_000 }).toBeGreaterThan(0)
    await dialog().getByRole('button', { name: /All wallets/ }).click()

    const names = await scrollToEnd()
    const buttons = dialog().getByRole('list', { name: 'All wallets' }).getByRole('button').elements().map((b) => b.textContent ?? '')
    expect(new Set(buttons).size).toBe(buttons.length)
    expect(buttons.some((text) => text.startsWith('Desktop Only Wallet'))).toBe(desktopOnly)
    // The recommended wallets, asked for apart from the pages, are in the list too.
    for (const wallet of ApiController.state.recommended) expect(buttons.some((text) => text.startsWith(wallet.name))).toBe(true)
    await expect.element(dialog().getByText(`${names.length} wallets`, { exact: true })).toBeVisible()

    await dialog().getByRole('button', { name: 'Back', exact: true }).click()
    expect(await connectViewCount()).toBe(names.length)

    const requests = pageRequests()
    const { count } = ApiController.state
    expect(requests.length).toBeGreaterThan(0)
    for (const request of requests) expect((request.page - 1) * WALLETS_PAGE_SIZE).toBeLessThan(count)
    expect(new Set(requests.map((r) => r.exclude)).size).toBe(1)
    expect(requests.map((r) => r.page)).toEqual(requests.map((_, index) => index + 1))
  }, 120_000)
})
