import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { type RunningBitcoin, start as startBitcoin } from '../bitcoin/start'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start } from './start'

let chains: DevChainStack
let bitcoin: RunningBitcoin
let demo: Awaited<ReturnType<typeof start>>
let browser: Browser

beforeAll(async () => {
  chains = await startChains({ seed: false })
  bitcoin = await startBitcoin({ blockIntervalMs: 0 })
  demo = await start({ rpcUrls: chains.rpcUrls, bitcoin: { url: bitcoin.url, caip2: bitcoin.caip2 } })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  await bitcoin?.stop()
  await chains?.stop()
})

it('the demo page registers the dev Bitcoin wallet; its panel shows the send as the WASM core decodes it', async () => {
  const page = await browser.newPage()
  await page.goto(demo.url)
  await page.getByRole('button', { name: 'Connect wallet' }).waitFor()
  // An app's side: find the wallet through the Wallet Standard and connect.
  const connecting = page.evaluate(async () => {
    // The Wallet Standard's handshake, as @wallet-standard/app does it: registered wallets answer app-ready.
    type Found = { chains: string[]; features: Record<string, unknown> }
    const found: Found[] = []
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register: (...wallets: Found[]) => found.push(...wallets) } }))
    const wallet = found.find((w) => w.chains.includes('bitcoin:regtest'))!
    const { accounts } = await (wallet.features['bitcoin:connect'] as { connect(): Promise<{ accounts: { address: string }[] }> }).connect()
    ;(window as unknown as { btcWallet: unknown }).btcWallet = wallet
    return accounts.map((a) => a.address)
  })
  const panel = page.getByRole('dialog', { name: 'Portico Dev Bitcoin Wallet' })
  await panel.getByRole('button', { name: 'Approve' }).click()
  const [payment] = await connecting
  expect(payment).toMatch(/^bcrt1q/)
  await bitcoin.fund(payment!, 500_000n)

  const recipient = bitcoin.minerAddress
  const sending = page.evaluate(
    async (to) => {
      const wallet = (window as unknown as { btcWallet: { features: Record<string, { sendTransfer(i: object): Promise<{ txid: string }> }> } }).btcWallet
      return (await wallet.features['bitcoin:sendTransfer']!.sendTransfer({ recipient: to, amount: 100_000n })).txid
    },
    recipient,
  )
  await panel.getByText(`0.001 BTC to ${recipient}`).waitFor()
  await panel.getByText(/BTC back to this wallet/).waitFor()
  await panel.getByRole('button', { name: 'Approve' }).click()
  const txid = await sending
  const tx = (await (await fetch(`${bitcoin.url}/tx/${txid}`)).json()) as { status: { confirmed: boolean }; vout: { scriptpubkey_address: string; value: number }[] }
  expect(tx.status.confirmed).toBe(true)
  expect(tx.vout.find((o) => o.scriptpubkey_address === recipient)?.value).toBe(100_000)
}, 120_000)
