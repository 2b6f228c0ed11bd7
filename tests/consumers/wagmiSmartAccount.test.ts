import { execFileSync } from 'node:child_process'
import { chromium, type Browser, type Locator, type Page } from 'playwright-core'
import { createPublicClient, createWalletClient, http, parseEther, type Address, type Hash } from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { chromiumLaunchOptions } from '../../vite.config'
import { startSmartAccountStack } from '../support/smartAccountStackGlobalSetup'
import { consumerEnv } from './consumerEnv'
import { installConsumerApp } from './installConsumerApp'
import { textOf } from './textOf'
import { freePort, startServer } from './startServer'

/** Accessible name of the embedded wallet's frame (FRAME_TITLE in src/connectors/embedded/EmbeddedFrame.ts). */
const FRAME_TITLE = 'Portico secure wallet'
const PROJECT_ID = 'portico-wagmi-smart-accounts'

/** The secure site's approval window titled `title`: its text, then Approve. */
async function approveInSecureSite(page: Page, title: string): Promise<string> {
  const frame = page.frameLocator(`iframe[title="${FRAME_TITLE}"][aria-hidden="false"]`)
  const dialog = frame.getByRole('dialog', { name: title })
  await dialog.waitFor({ state: 'visible', timeout: 30_000 })
  const shown = await dialog.innerText()
  await frame.getByRole('button', { name: 'Approve', exact: true }).click()
  return shown
}

describe('a wagmi 3 app with portico/wagmi and the embedded smart account: useCapabilities, useSendCalls, useCallsStatus', () => {
  let stack: Awaited<ReturnType<typeof startSmartAccountStack>> | undefined
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  let browser: Browser | undefined
  let url: string

  beforeAll(async () => {
    stack = await startSmartAccountStack()
    const dir = installConsumerApp('wagmi', inject('porticoTarball'))
    const listed = stack.chains.map(({ id, name, rpcUrl }) => ({ id, name, rpcUrl }))
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', 'dist-smart-account'], {
      cwd: dir,
      env: consumerEnv({
        VITE_PORTICO_CHAINS: JSON.stringify(listed), VITE_PORTICO_API_URL: stack.backendUrl,
        VITE_PORTICO_SECURE_SITE_URL: stack.secureSiteUrl, VITE_PORTICO_PROJECT_ID: PROJECT_ID,
      }),
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    const port = await freePort()
    server = await startServer('npx', ['vite', 'preview', '--outDir', 'dist-smart-account', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: dir, url: `http://127.0.0.1:${port}/` })
    // On the secure site's site (localhost), as the browser journeys are: Playwright's fresh context
    // is like a private window, which denies a frame of another site its storage.
    url = `http://localhost:${port}/`
    browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await stack?.stop()
  })

  it('logs in by email, reads atomic + paymaster capabilities, sends two payments as one atomic batch and reads its success; checked on chain', async () => {
    const chain = stack!.chains[0]!
    const node = createPublicClient({ transport: http(chain.rpcUrl) })
    const page = await browser!.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`))
    const consoleLines: string[] = []
    page.on('console', (line) => void consoleLines.push(line.text()))
    await page.goto(url)
    const status = page.getByRole('status', { name: 'wagmi status', exact: true })
    await textOf(status, 'disconnected')

    // wagmi's connect opens Portico's modal; the visitor logs in with the code mailed to them.
    const email = `wagmi-smart-${Date.now()}@example.com`
    const mails = `${stack!.mailSinkUrl}/messages`
    const { messages } = (await (await fetch(`${mails}?to=${encodeURIComponent(email)}`)).json()) as { messages: { id: number }[] }
    await page.getByRole('button', { name: 'Connect with wagmi', exact: true }).click()
    const modal = page.getByRole('dialog', { name: 'Connect wallet', exact: true })
    await modal.getByRole('textbox', { name: 'Email' }).fill(email)
    await modal.getByRole('button', { name: 'Continue', exact: true }).click()
    const mail = await fetch(`${mails}/latest?to=${encodeURIComponent(email)}&after=${messages[0]?.id ?? 0}&timeoutMs=20000`)
    if (!mail.ok) throw new Error(`No mail to ${email} (${await mail.text()}); the dialog says ${JSON.stringify(await page.getByRole('dialog').first().innerText({ timeout: 2000 }).catch(() => ''))}; console ${JSON.stringify(consoleLines)}`)
    const { message } = (await mail.json()) as { message: { subject: string } }
    const code = /^Your code: ([0-9]{6})$/.exec(message.subject)?.[1]
    if (!code) throw new Error(`No code in the mail ${JSON.stringify(message.subject)}`)
    await page.getByRole('textbox', { name: 'Six-digit code' }).fill(code)
    await page.getByRole('button', { name: 'Verify' }).click()
    await textOf(status, 'connected')
    const account = (await textOf(page.getByRole('status', { name: 'wagmi address', exact: true }), /^0x[0-9a-fA-F]{40}$/)) as Address
    // The smart account's counterfactual address: no code until its first operation.
    expect(await node.getCode({ address: account })).toBeUndefined()

    // useCapabilities: what the connector's wallet says for this chain.
    await textOf(page.getByRole('status', { name: 'wagmi capabilities', exact: true }), 'atomic supported, paymaster supported')

    // useSendCalls: two payments, one approval, one UserOperation; useCallsStatus follows it to success.
    const funder = createWalletClient({ account: privateKeyToAccount(hardhatDevPrivateKeys[6]!), transport: http(chain.rpcUrl) })
    await node.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account, value: parseEther('1'), chain: null }) })
    const receiver = privateKeyToAddress(generatePrivateKey())
    const before = await node.getBalance({ address: account })
    await page.getByRole('textbox', { name: 'Batch payee' }).fill(receiver)
    await page.getByRole('button', { name: 'Send 0.01 + 0.02 ETH in one batch' }).click()
    const shown = await approveInSecureSite(page, 'Send calls')
    expect(shown).toContain('Call 1 of 2')
    expect(shown).toContain('Gas sponsored')
    await textOf(page.getByRole('status', { name: 'wagmi batch status', exact: true }), 'success', 60_000)
    expect(await page.getByRole('status', { name: 'wagmi batch atomic', exact: true }).textContent()).toBe('true')
    const hash = (await textOf(page.getByRole('status', { name: 'wagmi batch transaction', exact: true }), /^0x[0-9a-f]{64}$/)) as Hash
    expect((await node.getTransactionReceipt({ hash })).status).toBe('success')
    // On chain: both payments arrived, the account paid exactly them (the gas was sponsored) and now has code.
    expect(await node.getBalance({ address: receiver })).toBe(parseEther('0.03'))
    expect(before - (await node.getBalance({ address: account }))).toBe(parseEther('0.03'))
    expect(await node.getCode({ address: account })).toMatch(/^0x[0-9a-f]{20,}$/)

    expect(await page.getByRole('status', { name: 'wagmi batch error', exact: true }).textContent()).toBe('')
    expect(errors).toEqual([])
    await page.close()
  })
})
