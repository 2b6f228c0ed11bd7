import { afterEach, describe, expect, it } from 'vitest'
import { createWalletClient, http, parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import type { Portico } from '../../src/createPortico'
import { answerWallet } from '../support/devWalletHarness'
import { accountButton, closeApp, connectThroughModal } from './journeyHarness'
import { dialog, viewShown } from './modalHarness'
import { axeLightAndDark, backendFault, clearBackendFaults, features, featuresChainA, featuresNode, featuresWallet, startFeaturesApp } from './featuresHarness'

let portico: Portico | undefined
afterEach(async () => {
  await closeApp(portico)
  portico = undefined
  await clearBackendFaults()
})

const rpc = (method: string, params: unknown[] = []) =>
  fetch(featuresChainA.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })

async function openActivity(address: string) {
  await accountButton(address).click()
  await viewShown('Account')
  await dialog().getByRole('tab', { name: 'Activity' }).click()
}

describe('features: activity', () => {
  it('groups the history by year and month with relative dates, as the backend dates it', async () => {
    const wallet = featuresWallet(0)
    portico = await startFeaturesApp()
    await connectThroughModal()
    await openActivity(wallet.address)
    const panel = dialog().getByRole('tabpanel')
    await expect.element(panel.getByRole('listitem').first()).toBeVisible()

    // What the backend holds, grouped by hand: every month of it is one section, named by month and year.
    const history = await (await fetch(`${features.backendUrl}/v1/account/${wallet.address}/history?chainId=eip155:${featuresChainA.id}&projectId=p`)).json() as { data: { metadata: { minedAt: string } }[] }
    const month = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' })
    const months = [...new Set(history.data.map((tx) => month.format(new Date(tx.metadata.minedAt))))]
    expect(months.length).toBeGreaterThan(1) // seedChain spreads account 0's history over three months
    for (const name of months) {
      const count = history.data.filter((tx) => month.format(new Date(tx.metadata.minedAt)) === name).length
      await expect.poll(() => panel.getByRole('region', { name }).getByRole('listitem').elements().length).toBe(count)
    }
    const years = [...new Set(history.data.map((tx) => String(new Date(tx.metadata.minedAt).getUTCFullYear())))]
    expect(panel.getByRole('heading', { level: 3 }).elements().map((h) => h.textContent)).toEqual(years)
    // seedChain: 12, 33 and 62 days ago, worded by Intl.RelativeTimeFormat.
    const dates = panel.getByRole('listitem').elements().map((item) => item.querySelector('time')?.textContent)
    expect(dates.slice(1, 4)).toEqual(['last week', 'last month', '2 months ago'])
    expect(await axeLightAndDark()).toEqual({ light: [], dark: [] })
  })

  it('pages through the history with Show more until it ends', async () => {
    // Account 2 gets 13 transfers of its own, more than a page (10).
    const sender = createWalletClient({ account: privateKeyToAccount(hardhatDevPrivateKeys[2]), transport: http(featuresChainA.rpcUrl) })
    for (let i = 1; i <= 13; i++) {
      const hash = await sender.sendTransaction({ chain: null, to: privateKeyToAddress(generatePrivateKey()), value: parseEther(`0.0${i.toString().padStart(2, "0")}`) })
      await featuresNode.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    }
    const wallet = featuresWallet(2)
    portico = await startFeaturesApp()
    await connectThroughModal()
    await openActivity(wallet.address)
    const items = dialog().getByRole('tabpanel').getByRole('listitem')
    await expect.poll(() => items.elements().length).toBe(10)
    const more = dialog().getByRole('button', { name: 'Show more' })
    await more.click()
    await expect.poll(() => items.elements().length).toBeGreaterThanOrEqual(13)
    while (more.query()) await more.click().catch(() => undefined)
    const all = await (await fetch(`${features.backendUrl}/v1/account/${wallet.address}/history?chainId=eip155:${featuresChainA.id}&limit=50&projectId=p`)).json() as { data: unknown[] }
    await expect.poll(() => items.elements().length).toBe(all.data.length)
    expect(items.elements().map((i) => i.textContent).filter((t) => /−0\.0(0[1-9]|1[0-3]) ETH$/.test(t ?? ''))).toHaveLength(13)
  })

  it('shows a sent transaction as pending until it is mined, then in the history', async () => {
    const wallet = featuresWallet(3)
    portico = await startFeaturesApp()
    await connectThroughModal()
    await accountButton(wallet.address).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Send' }).click()
    await dialog().getByRole('textbox', { name: 'Amount' }).fill('0.01')
    await dialog().getByRole('textbox', { name: 'Receiver address' }).fill(privateKeyToAddress(generatePrivateKey()))
    await dialog().getByRole('button', { name: 'Review' }).click()
    await dialog().getByRole('button', { name: 'Send' }).click()
    // The chain stops mining on its own: the transaction stays in the pool until evm_mine.
    await rpc('evm_setAutomine', [false])
    try {
      await answerWallet('Approve', 'Send 0.01 ETH')
      await expect.element(dialog().getByText('Transaction sent')).toBeVisible()
      await dialog().getByRole('button', { name: 'Done' }).click()
      const pending = dialog().getByRole('list', { name: 'Purchases and pending transactions' }).getByRole('listitem')
      await expect.element(pending).toHaveTextContent('Send −0.01 ETHPending')
      expect(await axeLightAndDark()).toEqual({ light: [], dark: [] })
      const hash = (await featuresNode.getBlock({ blockTag: 'pending' })).transactions[0] as Hex
      expect(await featuresNode.getTransactionReceipt({ hash }).catch(() => undefined)).toBeUndefined()
      await rpc('evm_mine')
    } finally {
      await rpc('evm_setAutomine', [true])
    }
    await expect.element(dialog().getByRole('list', { name: 'Purchases and pending transactions' })).not.toBeInTheDocument()
    await expect.element(dialog().getByRole('tabpanel').getByRole('listitem').first()).toHaveTextContent(/^Send.*−0\.010 ETH$/)
  })

  it("says 'Failed to fetch transactions' in the snackbar when the history cannot be read", async () => {
    const wallet = featuresWallet(1)
    portico = await startFeaturesApp()
    await connectThroughModal()
    // The client asks once and retries 3 times; the wallet may report the address in either case.
    for (const address of [wallet.address, wallet.address.toLowerCase()]) await backendFault({ kind: 'status', status: 500, path: `/v1/account/${address}/history`, times: 4 })
    await openActivity(wallet.address)
    // The snackbar (a polite status region) says it, for its 2.5 s; the list says it too.
    await expect.poll(() => dialog().getByRole('status').elements().map((e) => e.textContent), { interval: 50, timeout: 10_000 }).toContain('Failed to fetch transactions')
    await expect.element(dialog().getByRole('tabpanel')).toHaveTextContent('Failed to fetch transactions')
  })
})
