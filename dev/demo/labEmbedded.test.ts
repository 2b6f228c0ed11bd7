import { chromium, type Browser, type Page } from 'playwright-core'
import { createWalletClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { start as startBackend, type RunningBackend } from '../backend/start'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start as startMailSink, type RunningMailSink } from '../mail-sink/start'
import { start as startSecureSite } from '../secure-site/start'
import { privateKeyToAccount } from 'viem/accounts'
import { hardhatDevPrivateKeys } from '../wallet/devAccounts'
import { start } from './start'

let chains: DevChainStack
let sink: RunningMailSink
let backend: RunningBackend
let site: Awaited<ReturnType<typeof startSecureSite>>
let demo: Awaited<ReturnType<typeof start>>
let browser: Browser

beforeAll(async () => {
  chains = await startChains({ seed: false })
  sink = await startMailSink()
  backend = await startBackend({ chains: chains.chains, smtpUrl: sink.smtpUrl })
  site = await startSecureSite({ backendUrl: backend.url, rpcUrls: chains.rpcUrls, publicHost: '127.0.0.1' })
  demo = await start({ backendUrl: backend.url, rpcUrls: chains.rpcUrls, secureSiteUrl: site.url, mailSinkUrl: sink.url })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  await site?.stop()
  await backend?.stop()
  await sink?.stop()
  await chains?.stop()
})

const result = (page: Page, name: string) => page.getByRole('status', { name: `${name} result` })

/** Runs `name` on the lab, answers the secure site's approval window (titled `asked`), and gives the text shown. */
async function run(page: Page, name: string, asked?: string, answer: 'Approve' | 'Reject' = 'Approve'): Promise<string> {
  await page.getByRole('button', { name, exact: true }).click()
  if (asked) {
    const frame = page.frameLocator('iframe[title="Portico secure wallet"][aria-hidden="false"]')
    await frame.getByRole('heading', { name: asked }).waitFor({ timeout: 20_000 })
    await frame.getByRole('button', { name: answer, exact: true }).click()
  }
  await expect.poll(() => result(page, name).getAttribute('data-state'), { timeout: 30_000 }).toMatch(/done|error/)
  return (await result(page, name).textContent()) ?? ''
}

it('the lab runs each EVM request through the embedded wallet after an email login', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${demo.url}lab`)
  const email = `lab-${Date.now()}@example.com`
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  const connect = page.getByRole('dialog', { name: 'Connect wallet' })
  await connect.getByRole('textbox', { name: 'Email' }).fill(email)
  await connect.getByRole('button', { name: 'Continue', exact: true }).click()
  const code = page.getByRole('dialog', { name: 'Confirm your email' }).getByRole('textbox', { name: 'Six-digit code' })
  await code.waitFor({ timeout: 30_000 })
  const inbox = await context.newPage()
  await inbox.goto(`${sink.url}/?to=${encodeURIComponent(email)}`)
  const subject = await inbox.getByRole('list', { name: 'Messages' }).getByRole('heading').first().innerText()
  await inbox.close()
  await code.fill(/^Your code: ([0-9]{6})$/.exec(subject)![1]!)
  await page.getByRole('dialog', { name: 'Confirm your email' }).getByRole('button', { name: 'Verify' }).click()
  const connection = page.getByRole('status', { name: 'Connection' })
  await expect.poll(() => connection.textContent(), { timeout: 30_000 }).toMatch(/^Connected as 0x[0-9a-fA-F]{40} on Portico Local;/)
  await page.keyboard.press('Escape')
  const address = (await connection.textContent())!.match(/0x[0-9a-fA-F]{40}/)![0] as `0x${string}`

  // The new account gets 1 ETH from dev account 9 for the sends.
  const funder = createWalletClient({ account: privateKeyToAccount(hardhatDevPrivateKeys[9]!), transport: http(chains.rpcUrls[31337]) })
  await funder.sendTransaction({ to: address, value: parseEther('1'), chain: null })

  expect(await run(page, 'personal_sign', 'Sign message')).toMatch(new RegExp(`^Verified: "Hello from the Portico lab" signed by ${address}\\n0x[0-9a-f]{130}$`))
  expect(await run(page, 'eth_signTypedData_v4', 'Sign typed data')).toMatch(new RegExp(`^Verified: Mail typed data signed by ${address}\\n0x[0-9a-f]{130}$`))
  expect(await run(page, 'eth_sendTransaction', 'Send transaction')).toMatch(/^Mined in block \d+: 0\.001 ETH to 0x\w+\n0x[0-9a-f]{64}$/)
  expect(await run(page, 'wallet_sendCalls', 'Send calls')).toMatch(/^Batch of 2 calls sent: /)
  // The embedded wallet changes networks through Portico (the network button), not by these requests.
  expect(await run(page, 'wallet_switchEthereumChain')).toBe('EmbeddedWalletError (code 4200): The embedded wallet does not support the method "wallet_switchEthereumChain"')
  expect(await run(page, 'wallet_addEthereumChain')).toBe('EmbeddedWalletError (code 4200): The embedded wallet does not support the method "wallet_addEthereumChain"')
  expect(await run(page, 'personal_sign', 'Sign message', 'Reject')).toMatch(/\(code 4001\)/)
  await context.close()
}, 150_000)
