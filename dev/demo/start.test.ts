import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { start as startBackend, type RunningBackend } from '../backend/start'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start } from './start'

let chains: DevChainStack
let backend: RunningBackend
let demo: Awaited<ReturnType<typeof start>>
let browser: Browser

beforeAll(async () => {
  chains = await startChains({ seed: false })
  backend = await startBackend({ chains: chains.chains })
  demo = await start({ backendUrl: backend.url, rpcUrls: chains.rpcUrls })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  await backend?.stop()
  await chains?.stop()
})

it('serves the demo: the modal opens on Connect with the dev wallet, and only loopback is contacted', async () => {
  const page = await browser.newPage()
  const hosts = new Set<string>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol !== 'data:' && url.protocol !== 'blob:') hosts.add(url.hostname) // wallet icons become blob: URLs
  })
  await page.goto(demo.url)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect wallet' })
  await dialog.waitFor()
  await dialog.getByRole('button', { name: /Portico Dev Wallet/ }).waitFor()
  await page.getByLabel('Theme').selectOption('dark')
  // The listing comes from the local backend after the view is shown.
  await dialog.getByRole('button', { name: /^All wallets/ }).waitFor()
  await page.screenshot({ path: 'tests/artifacts/demo-connect-dark.png' })
  await dialog.getByRole('button', { name: /^All wallets/ }).click()
  await page.getByRole('dialog', { name: 'All wallets' }).getByRole('searchbox', { name: 'Search wallets' }).waitFor()
  await page.waitForTimeout(500)
  await page.screenshot({ path: 'tests/artifacts/demo-all-wallets-dark.png' })

  // A real connection through the dev wallet's approval panel.
  await page.getByRole('dialog', { name: 'All wallets' }).getByRole('button', { name: 'Back', exact: true }).click()
  await dialog.getByRole('button', { name: /Portico Dev Wallet/ }).click()
  const panel = page.getByRole('dialog', { name: 'Portico Dev Wallet' })
  await panel.getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('button', { name: /0xf39F…2266/ }).waitFor()
  await page.getByRole('button', { name: /0xf39F…2266/ }).click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('tab', { name: 'Activity' }).click()
  await page.waitForTimeout(1000)
  await page.screenshot({ path: 'tests/artifacts/demo-account-activity-dark.png' })
  expect([...hosts].filter((host) => host !== '127.0.0.1' && host !== 'localhost')).toEqual([])
}, 60_000)
