import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { DEFAULT_FEATURES, start as startBackend, type RunningBackend } from '../backend/start'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start } from './start'

let chains: DevChainStack
let backend: RunningBackend
let demo: Awaited<ReturnType<typeof start>>
let browser: Browser

beforeAll(async () => {
  chains = await startChains({ seed: false })
  // The project's settings allow multi-wallet, so the lab's switch decides it.
  backend = await startBackend({ chains: chains.chains, features: [...DEFAULT_FEATURES, { id: 'multi_wallet', isEnabled: true, config: null }] })
  demo = await start({ backendUrl: backend.url, rpcUrls: chains.rpcUrls })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  await backend?.stop()
  await chains?.stop()
})

const result = (page: Page, name: string) => page.getByRole('status', { name: `${name} result` })
const approve = (page: Page) => page.getByRole('dialog', { name: 'Portico Dev Wallet' }).getByRole('button', { name: 'Approve' }).click()

/** Runs `name` on the lab page, approves it in the dev wallet's panel, and gives the text shown. */
async function run(page: Page, name: string, approvals = 1): Promise<string> {
  await page.getByRole('button', { name, exact: true }).click()
  for (let i = 0; i < approvals; i++) await approve(page)
  await expect.poll(() => result(page, name).getAttribute('data-state'), { timeout: 20_000 }).toMatch(/done|error/)
  return (await result(page, name).textContent()) ?? ''
}

it('the lab, reached from the demo, runs each EVM request through the dev wallet and shows each answer', async () => {
  const page = await browser.newPage()
  await page.goto(demo.url)
  await page.getByRole('link', { name: 'lab' }).click()
  await page.getByRole('heading', { name: 'Try each request' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/lab')

  // Before connecting, a request says what is missing.
  await page.getByRole('button', { name: 'personal_sign', exact: true }).click()
  await expect.poll(() => result(page, 'personal_sign').textContent()).toBe('LabRequestError: Connect an EVM wallet first.')

  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect wallet' }).getByRole('button', { name: /Portico Dev Wallet/ }).click()
  await approve(page)
  await expect.poll(() => page.getByRole('status', { name: 'Connection' }).textContent()).toMatch(/^Connected as 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 on Portico Local; sign-in disabled\.$/)

  expect(await run(page, 'personal_sign')).toMatch(/^Verified: "Hello from the Portico lab" signed by 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n0x[0-9a-f]{130}$/)
  expect(await run(page, 'eth_signTypedData_v4')).toMatch(/^Verified: Mail typed data signed by 0xf39F.*\n0x[0-9a-f]{130}$/)
  expect(await run(page, 'eth_sendTransaction')).toMatch(/^Mined in block \d+: 0\.001 ETH to 0xf39F.*\n0x[0-9a-f]{64}$/)
  // The dev wallet does not implement EIP-5792: the wallet's own error is shown, no approval asked.
  expect(await run(page, 'wallet_sendCalls', 0)).toMatch(/\(code 4200\)/)
  expect(await run(page, 'wallet_switchEthereumChain')).toBe('Switched from chain 31337 to chain 31338 (Portico Local 2)')
  await expect.poll(() => page.getByRole('status', { name: 'Connection' }).textContent()).toMatch(/on Portico Local 2;/)
  expect(await run(page, 'wallet_addEthereumChain')).toBe('Added chain 31339 (Portico Lab Chain)')

  // A refusal in the wallet is shown as the wallet's error.
  await page.getByRole('button', { name: 'personal_sign', exact: true }).click()
  await page.getByRole('dialog', { name: 'Portico Dev Wallet' }).getByRole('button', { name: 'Reject' }).click()
  await expect.poll(() => result(page, 'personal_sign').textContent()).toMatch(/^UserRejectedRequestError \(code 4001\)/)

  // Solana requests need a Solana wallet.
  expect(await run(page, 'Solana signMessage', 0)).toBe('LabRequestError: Connect a Solana wallet first.')
}, 120_000)

it('the lab switches sign-in to required (the modal then asks to sign in), multi-wallet, the theme and the language', async () => {
  const page = await browser.newPage()
  await page.goto(`${demo.url}lab`)
  await page.getByRole('radio', { name: 'Required' }).check()
  await page.waitForURL(/\/lab\?signIn=required$/)
  await page.getByRole('checkbox', { name: 'Multi-wallet' }).check()
  await page.waitForURL(/\/lab\?signIn=required&multiWallet=1$/)
  expect(await page.getByRole('radio', { name: 'Required' }).isChecked()).toBe(true)

  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect wallet' }).getByRole('button', { name: /Portico Dev Wallet/ }).click()
  await approve(page)
  const signIn = page.getByRole('dialog', { name: 'Sign in' })
  await signIn.waitFor()
  // Required: the modal cannot be closed without signing in.
  expect(await signIn.getByRole('button', { name: 'Close' }).isDisabled()).toBe(true)
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
  await approve(page)
  await expect.poll(() => page.getByRole('status', { name: 'Connection' }).textContent(), { timeout: 20_000 }).toMatch(/sign-in signed-in\.$/)

  // Multi-wallet on: the Account view's connected wallets offer to add another.
  await page.getByRole('button', { name: /0xf39F…2266/ }).click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Connected wallets' }).click()
  await page.getByRole('dialog', { name: 'Connected wallets' }).getByRole('button', { name: 'Add wallet' }).click()
  // The list of wallets to connect is shown, and no alert.
  await page.getByRole('dialog').getByRole('button', { name: /Portico Dev Wallet/ }).waitFor()
  expect(await page.getByText('Multi-Wallet Not Enabled').count()).toBe(0)
  await page.keyboard.press('Escape')
  await page.getByRole('dialog').waitFor({ state: 'hidden' })

  await page.getByLabel('Theme').selectOption('dark')
  expect(await page.evaluate(() => document.body.dataset.mode)).toBe('dark')
  await page.getByLabel('Language').selectOption('de')
  await page.getByRole('button', { name: /0xf39F…2266/ }).click()
  await page.getByRole('dialog', { name: 'Konto' }).waitFor()
  expect(new URL(page.url()).search).toBe('?signIn=required&multiWallet=1&theme=dark&lang=de')
}, 120_000)

it('with sign-in optional, the modal asks to sign in but can be closed: connected and signed out', async () => {
  const page = await browser.newPage()
  await page.goto(`${demo.url}lab`)
  await page.getByRole('radio', { name: 'Optional' }).check()
  await page.waitForURL(/\/lab\?signIn=optional$/)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect wallet' }).getByRole('button', { name: /Portico Dev Wallet/ }).click()
  await approve(page)
  const signIn = page.getByRole('dialog', { name: 'Sign in' })
  await signIn.waitFor()
  await signIn.getByRole('button', { name: 'Close' }).click()
  await signIn.waitFor({ state: 'hidden' })
  await expect.poll(() => page.getByRole('status', { name: 'Connection' }).textContent()).toMatch(/^Connected as 0xf39F\w+ on Portico Local; sign-in signed-out\.$/)
  // Multi-wallet off: adding a wallet is refused with the modal's alert.
  await page.getByRole('button', { name: /0xf39F…2266/ }).click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Connected wallets' }).click()
  await page.getByRole('dialog', { name: 'Connected wallets' }).getByRole('button', { name: 'Add wallet' }).click()
  await page.getByText('Multi-Wallet Not Enabled').waitFor()
  await page.keyboard.press('Escape')
  // Off again: no sign-in at all.
  await page.getByRole('radio', { name: 'Off' }).check()
  await page.waitForURL(/\/lab$/)
  await expect.poll(() => page.getByRole('status', { name: 'Connection' }).textContent()).toMatch(/; sign-in disabled\.$/)
}, 120_000)
