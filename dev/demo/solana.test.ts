import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { start as startChains, type DevChainStack } from '../chain/start'
import { type RunningSolanaRpc, start as startSolana } from '../solana-rpc/start'
import { start } from './start'

let chains: DevChainStack
let solana: RunningSolanaRpc
let demo: Awaited<ReturnType<typeof start>>
let browser: Browser

beforeAll(async () => {
  chains = await startChains({ seed: false })
  solana = await startSolana()
  demo = await start({ rpcUrls: chains.rpcUrls, solana: { url: solana.url, wsUrl: solana.wsUrl, caip2: solana.caip2, mint: solana.mint ?? undefined } })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  await solana?.stop()
  await chains?.stop()
})

it('the demo connects the dev Solana wallet and shows its SOL balance, contacting only loopback', async () => {
  const page = await browser.newPage()
  const hosts = new Set<string>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol !== 'data:' && url.protocol !== 'blob:') hosts.add(url.hostname)
  })
  await page.goto(demo.url)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect wallet' })
  await dialog.getByRole('button', { name: /Portico Dev Solana Wallet/ }).click()
  await page.getByRole('dialog', { name: 'Portico Dev Solana Wallet' }).getByRole('button', { name: 'Approve' }).click()
  const account = page.getByRole('button', { name: /GgdK2z…RWdH/ })
  await account.waitFor()
  // Account 0 holds 1 000 SOL from the seed, plus 1.5 SOL from account 1, less its fees: 1001.499… SOL.
  await expect.poll(() => account.textContent(), { timeout: 20_000 }).toMatch(/Solana Local1001\.49\d SOL/)
  await account.click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('list', { name: 'SPL tokens' }).getByText('975.000 PUSD').waitFor()
  await page.screenshot({ path: 'tests/artifacts/demo-solana-account.png' })
  expect([...hosts].filter((host) => host !== '127.0.0.1' && host !== 'localhost')).toEqual([])
}, 90_000)
