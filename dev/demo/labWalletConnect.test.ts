import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { start as startBackend, type RunningBackend } from '../backend/start'
import { start as startChains, type DevChainStack } from '../chain/start'
import { answerPhone, decideProposal, openPhone, scanLink } from '../phone/phoneHarness'
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

const result = (page: Page, name: string) => page.getByRole('status', { name: `${name} result` })

/** Runs `name` on the lab, answers the phone's panel (when it asks `asked`), and gives the text shown. */
async function run(lab: Page, handset: Page, name: string, asked?: string | RegExp, answer: 'Approve' | 'Reject' = 'Approve'): Promise<string> {
  await lab.getByRole('button', { name, exact: true }).click()
  if (asked) await answerPhone(handset, answer, asked)
  await expect.poll(() => result(lab, name).getAttribute('data-state'), { timeout: 30_000 }).toMatch(/done|error/)
  return (await result(lab, name).textContent()) ?? ''
}

it('the lab runs each EVM request through the phone wallet over the local relay', async () => {
  const { page: handset } = await openPhone(browser, phone.url)
  const context = await browser.newContext()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const lab = await context.newPage()
  await lab.goto(`${demo.url}lab`)
  await lab.getByRole('button', { name: 'Connect wallet' }).click()
  await lab.getByRole('dialog', { name: 'Connect wallet' }).getByRole('button', { name: 'WalletConnect' }).click()
  await lab.getByRole('button', { name: 'Copy link' }).click()
  const uri = await lab.evaluate(() => navigator.clipboard.readText())
  await scanLink(handset, uri)
  await decideProposal(handset, 'Approve')
  await expect.poll(() => lab.getByRole('status', { name: 'Connection' }).textContent(), { timeout: 30_000 }).toMatch(/^Connected as 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 on Portico Local;/)
  await lab.keyboard.press('Escape')

  expect(await run(lab, handset, 'personal_sign', 'Sign a message')).toMatch(/^Verified: "Hello from the Portico lab" signed by 0xf39F\w+\n0x[0-9a-f]{130}$/)
  expect(await run(lab, handset, 'eth_signTypedData_v4', 'Sign typed data')).toMatch(/^Verified: Mail typed data signed by 0xf39F\w+\n0x[0-9a-f]{130}$/)
  expect(await run(lab, handset, 'eth_sendTransaction', 'Send 0.001 ETH')).toMatch(/^Mined in block \d+: 0\.001 ETH to 0xf39F\w+\n0x[0-9a-f]{64}$/)
  // The phone wallet's session does not offer EIP-5792: the WalletConnect client's refusal is shown.
  expect(await run(lab, handset, 'wallet_sendCalls')).toBe('Error: Missing or invalid. request() method: wallet_sendCalls')
  // Both chains are in the session: WalletConnect switches without asking the phone.
  expect(await run(lab, handset, 'wallet_switchEthereumChain')).toBe('Switched from chain 31337 to chain 31338 (Portico Local 2)')
  await expect.poll(() => lab.getByRole('status', { name: 'Connection' }).textContent(), { timeout: 20_000 }).toMatch(/on Portico Local 2;/)
  expect(await run(lab, handset, 'wallet_addEthereumChain', 'Add Portico Lab Chain')).toBe('Added chain 31339 (Portico Lab Chain)')
  expect(await run(lab, handset, 'personal_sign', 'Sign a message', 'Reject')).toMatch(/\(code 4001\)/)
  await context.close()
}, 150_000)
