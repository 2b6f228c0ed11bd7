import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { start as startBackend, type RunningBackend } from '../backend/start'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start as startPhone } from '../phone/start'
import { start as startRelay, type RunningRelay } from '../relay/start'
import { start } from './start'

let chains: DevChainStack
let backend: RunningBackend
let relay: RunningRelay
let phone: Awaited<ReturnType<typeof startPhone>>
let demo: Awaited<ReturnType<typeof start>>
let browser: Browser

beforeAll(async () => {
  chains = await startChains({ seed: false })
  backend = await startBackend({ chains: chains.chains })
  relay = await startRelay()
  phone = await startPhone({ relayUrl: relay.url, rpcUrls: chains.rpcUrls })
  demo = await start({ backendUrl: backend.url, rpcUrls: chains.rpcUrls, relayUrl: relay.url })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  await phone?.stop()
  await relay?.stop()
  await backend?.stop()
  await chains?.stop()
})

/** The demo in a fresh profile, recording every host it contacts; WalletConnect pressed, QR painted. */
async function openDemoQr(): Promise<{ page: Page; hosts: Set<string>; qrMs: number }> {
  const context = await browser.newContext()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const page = await context.newPage()
  const hosts = new Set<string>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol !== 'data:' && url.protocol !== 'blob:') hosts.add(url.hostname)
  })
  page.on('websocket', (socket) => hosts.add(new URL(socket.url()).hostname))
  await page.goto(demo.url)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect wallet' })
  const started = Date.now()
  await dialog.getByRole('button', { name: 'WalletConnect' }).click()
  await page.locator('portico-modal .qr[data-ready="true"] svg').waitFor({ timeout: 30_000 })
  return { page, hosts, qrMs: Date.now() - started }
}

async function openPhone(): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto(phone.url)
  await page.getByRole('heading', { name: 'Portico Phone Wallet', level: 1 }).waitFor({ timeout: 60_000 })
  return page
}

it('connects the phone wallet page by a pasted link and by the QR code, through the local relay only', async () => {
  const phonePage = await openPhone()

  // By link: Copy link on the demo, pasted into the phone.
  const first = await openDemoQr()
  await first.page.getByRole('button', { name: 'Copy link' }).click()
  const uri = await first.page.evaluate(() => navigator.clipboard.readText())
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await phonePage.getByRole('textbox', { name: 'WalletConnect link' }).fill(uri)
  await phonePage.getByRole('button', { name: 'Connect', exact: true }).click()
  await phonePage.getByRole('region', { name: 'Connection request' }).getByRole('button', { name: 'Approve' }).click()
  await first.page.getByRole('button', { name: /0xf39F…2266/ }).waitFor({ timeout: 30_000 })
  expect([...first.hosts].filter((host) => host !== '127.0.0.1' && host !== 'localhost')).toEqual([])

  // By QR: a screenshot of the painted code, picked on the phone as a camera would see it.
  const second = await openDemoQr()
  const png = await second.page.locator('portico-modal .qr').screenshot()
  await phonePage.getByLabel('QR code image').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: png })
  await phonePage.getByRole('region', { name: 'Connection request' }).getByRole('button', { name: 'Approve' }).click()
  await second.page.getByRole('button', { name: /0xf39F…2266/ }).waitFor({ timeout: 30_000 })
  expect([...second.hosts].filter((host) => host !== '127.0.0.1' && host !== 'localhost')).toEqual([])
  console.log(`demo: WalletConnect clicked → QR painted ${first.qrMs} ms (first, provider chunk cold), ${second.qrMs} ms (second page, cached)`)
}, 120_000)
