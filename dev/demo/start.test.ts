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

it('serves the demo: the modal opens on Connect with the dev wallet, and only loopback is contacted', async () => {
  const page = await browser.newPage()
  const hosts = new Set<string>()
  page.on('request', (request) => hosts.add(new URL(request.url()).hostname))
  await page.goto(demo.url)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect wallet' })
  await dialog.waitFor()
  await dialog.getByRole('button', { name: /Portico Dev Wallet/ }).waitFor()
  await page.getByLabel('Theme').selectOption('dark')
  await page.screenshot({ path: 'tests/artifacts/demo-connect-dark.png' })
  expect([...hosts].filter((host) => host !== '127.0.0.1' && host !== 'localhost')).toEqual([])
}, 60_000)
