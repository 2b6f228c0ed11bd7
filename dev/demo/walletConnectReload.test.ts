import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { start as startChains, type DevChainStack } from '../chain/start'
import { decideProposal, openPhone, proposal, scanLink } from '../phone/phoneHarness'
import { start as startPhone } from '../phone/start'
import { start as startRelay, type RunningRelay } from '../relay/start'
import { start } from './start'

let chains: DevChainStack
let relay: RunningRelay
let phone: Awaited<ReturnType<typeof startPhone>>
let demo: Awaited<ReturnType<typeof start>>
let browser: Browser

beforeAll(async () => {
  chains = await startChains({ seed: false })
  relay = await startRelay()
  phone = await startPhone({ relayUrl: relay.url, rpcUrls: chains.rpcUrls })
  demo = await start({ rpcUrls: chains.rpcUrls, relayUrl: relay.url })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  await phone?.stop()
  await relay?.stop()
  await chains?.stop()
})

it('a real reload of the demo restores the WalletConnect session without asking the phone, and the session is live', async () => {
  const { page: phonePage } = await openPhone(browser, phone.url)
  const context = await browser.newContext()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const page = await context.newPage()
  // Set before every load of the page: whether a "Connect wallet" button was ever rendered.
  await page.addInitScript(() => {
    const seen = globalThis as { sawConnectButton?: boolean }
    seen.sawConnectButton = false
    new MutationObserver(() => {
      if ([...document.querySelectorAll('button')].some((button) => button.textContent === 'Connect wallet')) seen.sawConnectButton = true
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  await page.goto(demo.url)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect wallet' }).getByRole('button', { name: 'WalletConnect' }).click()
  await page.getByRole('button', { name: 'Copy link' }).click()
  const uri = await page.evaluate(() => navigator.clipboard.readText())
  await scanLink(phonePage, uri)
  await decideProposal(phonePage, 'Approve')
  const account = page.getByRole('button', { name: /0xf39F…2266/ })
  await account.waitFor({ timeout: 30_000 })
  const phoneSessions = phonePage.getByRole('button', { name: /^Disconnect / })
  await expect.poll(() => phoneSessions.count()).toBe(1)

  // The browser reloads the page: a new document, the same origin's storage.
  const started = Date.now()
  await page.reload()
  await account.waitFor({ timeout: 30_000 })
  const restoredMs = Date.now() - started
  expect(await page.evaluate(() => (globalThis as { sawConnectButton?: boolean }).sawConnectButton)).toBe(false)
  // Nothing reached the phone: no proposal, no second session.
  expect(await proposal(phonePage).count()).toBe(0)
  expect(await phoneSessions.count()).toBe(1)
  console.log(`demo reload → WalletConnect account shown again: ${restoredMs} ms`)

  // The restored session is the live one: a disconnect from the page ends it on the phone.
  await account.click()
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
  await page.getByRole('button', { name: 'Connect wallet' }).waitFor({ timeout: 30_000 })
  await expect.poll(() => phoneSessions.count(), { timeout: 20_000 }).toBe(0)
  await context.close()
}, 120_000)
