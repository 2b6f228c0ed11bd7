import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start } from './start'

let chains: DevChainStack
let demo: Awaited<ReturnType<typeof start>>
let browser: Browser

beforeAll(async () => {
  chains = await startChains({ seed: false })
  demo = await start({ rpcUrls: chains.rpcUrls })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  await chains?.stop()
})

it('the demo’s language picker switches the modal and the page’s buttons without a reload; ?lang= starts in a language', async () => {
  const page = await browser.newPage()
  await page.goto(demo.url)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect wallet' }).waitFor()
  const navigations: string[] = []
  page.on('framenavigated', (frame) => navigations.push(frame.url()))

  await page.getByLabel('Language').selectOption('ar')
  const arabic = page.getByRole('dialog', { name: 'ربط المحفظة' })
  await arabic.waitFor()
  expect(await page.locator('portico-modal .root').getAttribute('dir')).toBe('rtl')
  await page.getByLabel('Language').selectOption('de')
  await page.getByRole('dialog', { name: 'Wallet verbinden' }).waitFor()
  await page.screenshot({ path: 'tests/artifacts/demo-language-de.png' })
  expect(navigations).toEqual([])

  await page.goto(`${demo.url}?lang=ja`)
  await page.getByRole('button', { name: 'ウォレットを接続' }).waitFor()
  expect(await page.getByLabel('Language').inputValue()).toBe('ja')
}, 60_000)
