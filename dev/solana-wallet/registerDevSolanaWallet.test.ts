import { createRequire } from 'node:module'
import { ed25519 } from '@noble/curves/ed25519'
import { Connection, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import bs58 from 'bs58'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { start as startSolana, type RunningSolanaRpc } from '../solana-rpc/start'
import { serveTestPage } from './serveTestPage'

let solana: RunningSolanaRpc
let testPage: Awaited<ReturnType<typeof serveTestPage>>
let browser: Browser
let page: Page
let connection: Connection
const hosts = new Set<string>()

type App = {
  registered(): string[]
  solanaWallets(): string[]
  changes(): string[][]
  connect(): Promise<string[] | string>
  signMessage(text: string): Promise<{ signature: string; publicKey: string; signedMessage: string } | string>
  sendSol(to: string, lamports: number): Promise<string>
  disconnect(): Promise<number>
}
declare const app: App

beforeAll(async () => {
  solana = await startSolana()
  connection = new Connection(solana.url, { wsEndpoint: solana.wsUrl, commitment: 'confirmed' })
  testPage = await serveTestPage({ rpcUrl: solana.url })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
  page = await browser.newPage()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol !== 'data:' && url.protocol !== 'blob:') hosts.add(url.hostname)
  })
  await page.goto(testPage.url)
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 30_000 })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await testPage?.stop()
  await solana?.stop()
})

/** axe-core's rule violations on the page as it is now (the panel open), by rule id. */
async function axeViolations(): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') })
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(context: Document): Promise<{ violations: Array<{ id: string }> }> } }).axe.run(document)
    return result.violations.map((violation) => violation.id)
  })
}

/** Plays the person at the wallet: waits for its panel to describe `title`, then presses `answer`. */
async function answer(answer: 'Approve' | 'Reject', title: string, shows: string[] = []) {
  const panel = page.getByRole('dialog', { name: 'Portico Dev Solana Wallet' })
  await panel.waitFor()
  const description = await panel.evaluate((element) => element.ownerDocument.getElementById(element.getAttribute('aria-describedby')!)?.textContent)
  expect(description).toBe(title)
  for (const text of shows) await panel.getByText(text, { exact: true }).waitFor()
  await panel.getByRole('button', { name: answer }).click()
  await panel.waitFor({ state: 'detached' })
}

it('is found through getWallets(), connects after approval, and emits the accounts', async () => {
  expect(await page.evaluate(() => app.registered())).toEqual(['Portico Dev Solana Wallet'])
  expect(await page.evaluate(() => app.solanaWallets())).toEqual(['Portico Dev Solana Wallet'])
  const connecting = page.evaluate(() => app.connect())
  await answer('Approve', `Connect to ${new URL(testPage.url).host}`, [solana.accounts[0]!, 'solana:localnet'])
  expect(await connecting).toEqual(solana.accounts.slice(0, 2))
  expect(await page.evaluate(() => app.changes())).toEqual([solana.accounts.slice(0, 2)])
})

it('signs a message that verifies with ed25519, and a refusal rejects with 4001', async () => {
  const text = 'Sign in to Portico (dev) — nonce 42'
  const signing = page.evaluate((message) => app.signMessage(message), text)
  await page.getByRole('dialog', { name: 'Portico Dev Solana Wallet' }).waitFor()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await axeViolations()).toEqual([])
  }
  await answer('Approve', 'Sign a message', [text])
  const signed = (await signing) as { signature: string; publicKey: string; signedMessage: string }
  expect(signed.publicKey).toBe(solana.accounts[0])
  expect(signed.signedMessage).toBe(text)
  expect(ed25519.verify(bs58.decode(signed.signature), new TextEncoder().encode(text), bs58.decode(signed.publicKey))).toBe(true)
  expect(ed25519.verify(bs58.decode(signed.signature), new TextEncoder().encode(`${text}!`), bs58.decode(signed.publicKey))).toBe(false)

  const refused = page.evaluate(() => app.signMessage('no'))
  await answer('Reject', 'Sign a message')
  expect(await refused).toBe('4001 User rejected the request.')
})

it('signs and sends a v0 transfer the RPC confirms, moving the balance by amount + fee; a refusal sends nothing', async () => {
  const payer = new PublicKey(solana.accounts[0]!)
  const receiver = solana.accounts[3]!
  const amount = 0.5 * LAMPORTS_PER_SOL
  const [payerBefore, receiverBefore] = await Promise.all([connection.getBalance(payer), connection.getBalance(new PublicKey(receiver))])
  const sending = page.evaluate(([to, lamports]) => app.sendSol(to, lamports), [receiver, amount] as const)
  await answer('Approve', 'Send a transaction', [`Transfer 0.5 SOL to ${receiver}`, 'v0'])
  const signature = await sending
  expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
  expect((await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight })).value.err).toBeNull()
  const sent = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
  expect(sent!.meta!.fee).toBe(5000)
  expect(await connection.getBalance(payer)).toBe(payerBefore - amount - 5000)
  expect(await connection.getBalance(new PublicKey(receiver))).toBe(receiverBefore + amount)

  const refused = page.evaluate(([to]) => app.sendSol(to, 1), [receiver] as const)
  await answer('Reject', 'Send a transaction')
  expect(await refused).toBe('4001 User rejected the request.')
  expect(await connection.getBalance(payer)).toBe(payerBefore - amount - 5000)
})

it('disconnects, and only loopback was contacted', async () => {
  expect(await page.evaluate(() => app.disconnect())).toBe(0)
  expect((await page.evaluate(() => app.changes())).at(-1)).toEqual([])
  expect([...hosts].filter((host) => host !== '127.0.0.1' && host !== 'localhost')).toEqual([])
})
