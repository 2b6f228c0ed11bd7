import { chromium, type Browser, type Page } from 'playwright-core'
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

const result = (page: Page, name: string) => page.getByRole('status', { name: `${name} result` })
const panel = (page: Page) => page.getByRole('dialog', { name: 'Portico Dev Solana Wallet' })

async function run(page: Page, name: string, answer: 'Approve' | 'Reject' = 'Approve'): Promise<string> {
  await page.getByRole('button', { name, exact: true }).click()
  await panel(page).getByRole('button', { name: answer }).click()
  await expect.poll(() => result(page, name).getAttribute('data-state'), { timeout: 20_000 }).toMatch(/done|error/)
  return (await result(page, name).textContent()) ?? ''
}

it('the lab signs a message, signs a transaction and sends one through the dev Solana wallet', async () => {
  const page = await browser.newPage()
  await page.goto(`${demo.url}lab`)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect wallet' }).getByRole('button', { name: /Portico Dev Solana Wallet/ }).click()
  await panel(page).getByRole('button', { name: 'Approve' }).click()
  await expect.poll(() => page.getByRole('status', { name: 'Connection' }).textContent(), { timeout: 20_000 }).toMatch(/^Connected as GgdK2z\w+RWdH on Solana Local;/)

  const payer = (await page.getByRole('status', { name: 'Connection' }).textContent())!.match(/Connected as (\w+)/)![1]!
  expect(await run(page, 'Solana signMessage')).toMatch(new RegExp(`^Verified: "Hello from the Portico lab" signed by ${payer}\\n[1-9A-HJ-NP-Za-km-z]{86,88}$`))
  expect(await run(page, 'Solana signTransaction')).toMatch(/^Signed and verified \(not sent\): 0\.01 SOL\n[1-9A-HJ-NP-Za-km-z]{86,88}$/)
  const sent = await run(page, 'Solana signAndSendTransaction')
  expect(sent).toMatch(/^Sent: 0\.01 SOL, (processed|confirmed|finalized) on the cluster\n[1-9A-HJ-NP-Za-km-z]{86,88}$/)
  // The cluster holds the transfer: the recipient holds the 0.01 SOL.
  const recipient = await page.evaluate(async (url) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: ['8qbHbw2BbbTHBW1sbeqakYXVKRQM8Ne7pLK7m6CVfeR'] }) })
    return ((await response.json()) as { result: { value: number } }).result.value
  }, solana.url)
  expect(recipient).toBe(10_000_000)

  // A refusal in the wallet is the wallet's error; EVM requests need an EVM wallet.
  expect(await run(page, 'Solana signMessage', 'Reject')).toMatch(/rejected/i)
  await page.getByRole('button', { name: 'personal_sign', exact: true }).click()
  await expect.poll(() => result(page, 'personal_sign').textContent()).toBe('LabRequestError: Connect an EVM wallet first.')
}, 120_000)
