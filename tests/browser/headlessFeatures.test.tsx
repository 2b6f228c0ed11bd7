import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import type { Portico } from '../../src/createPortico'
import { answerWallet } from '../support/devWalletHarness'
import { backendFault, clearBackendFaults, features, featuresChainA, featuresNetworks, featuresWallet } from './featuresHarness'
import { closeHeadlessApp, modalMounted, startHeadlessApp, walletList } from './headlessHarness'
import { ActivityList, BuyForm, SwapForm, WhenConnected } from './headlessHooks'
import { chainA, journeyWallet, networks, stack, WALLET } from './journeyHarness'

let portico: Portico | undefined

afterEach(async () => {
  await closeHeadlessApp(portico)
  portico = undefined
  await clearBackendFaults()
})

/** The example's own list: the dev wallet, approved in the wallet. */
async function connectDevWallet() {
  await walletList().getByRole('button', { name: `${WALLET} (installed)` }).click()
  await answerWallet('Approve', `Connect to ${location.host}`)
  await expect.element(page.getByRole('region', { name: 'Account' }).getByRole('status', { name: 'Address' }), { timeout: 20_000 }).toBeVisible()
}

const startOnFeatures = (extra: React.ReactNode) =>
  startHeadlessApp({ networks: featuresNetworks, apiUrl: features.backendUrl, projectId: 'portico-features' }, <WhenConnected>{extra}</WhenConnected>)

type History = { data: { id: string }[] }
const historyOf = async (address: string): Promise<History> =>
  (await fetch(`${features.backendUrl}/v1/account/${address}/history?chainId=eip155:${featuresChainA.id}&limit=50&projectId=p`)).json() as Promise<History>

describe('portico/headless without the modal: useActivity', () => {
  it("lists the account's history as the backend holds it, page after page", async () => {
    const wallet = featuresWallet(0)
    portico = await startOnFeatures(<ActivityList />)
    await connectDevWallet()
    const items = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem')
    await expect.poll(() => items.elements().length, { timeout: 20_000 }).toBeGreaterThan(0)
    const more = page.getByRole('button', { name: 'Show more' })
    while (more.query()) await more.click().catch(() => undefined)
    const history = await historyOf(wallet.address)
    expect(history.data.length).toBeGreaterThan(1)
    await expect.poll(() => items.elements().map((item) => item.textContent)).toEqual(history.data.map((tx) => tx.id))
    expect(modalMounted()).toBe(false)
  })

  it('gives the failure to read the history as activityFailed', async () => {
    const wallet = featuresWallet(1)
    // The client asks once and retries 3 times; the wallet may report the address in either case.
    for (const address of [wallet.address, wallet.address.toLowerCase()]) await backendFault({ kind: 'status', status: 500, path: `/v1/account/${address}/history`, times: 4 })
    portico = await startOnFeatures(<ActivityList />)
    await connectDevWallet()
    await expect.element(page.getByRole('region', { name: 'Activity' }).getByRole('alert'), { timeout: 20_000 }).toHaveTextContent('activityFailed: Failed to fetch transactions')
    expect(page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').elements()).toHaveLength(0)
  })
})

describe('portico/headless without the modal: useBuy', () => {
  it("refuses an amount outside the provider's limits as amountNotBuyable, then gets the provider's page for a good one", async () => {
    featuresWallet(4)
    portico = await startOnFeatures(<BuyForm />)
    await connectDevWallet()
    const buy = page.getByRole('region', { name: 'Buy' })
    await expect.element(buy.getByRole('status', { name: 'Limits' }), { timeout: 20_000 }).toHaveTextContent('10–25000 USD')
    await buy.getByRole('textbox', { name: 'Buy amount' }).fill('5')
    await buy.getByRole('button', { name: 'Buy' }).click()
    await expect.element(buy.getByRole('alert')).toHaveTextContent('amountNotBuyable: The amount cannot be bought: below-min')
    expect(buy.getByRole('status', { name: 'Provider page' }).element().textContent).toBe('')

    await buy.getByRole('textbox', { name: 'Buy amount' }).fill('100')
    await buy.getByRole('button', { name: 'Buy' }).click()
    await expect.element(buy.getByRole('status', { name: 'Provider page' })).toHaveTextContent(/\/onramp\/widget\/[0-9a-f-]{36}\?secret=[A-Za-z0-9_-]{32}$/)
    expect(buy.getByRole('alert').query()).toBeNull()
    // The dev provider serves that page.
    expect((await fetch(buy.getByRole('status', { name: 'Provider page' }).element().textContent ?? '')).status).toBe(200)
  })
})

describe('portico/headless without the modal: useSwap', () => {
  it('quotes ETH to the first token from the swap service, and names an amount beyond the balance insufficient-balance', async () => {
    journeyWallet({ account: 7 })
    portico = await startHeadlessApp(
      { networks, apiUrl: stack.backendUrl, projectId: 'portico-journey', swapChainIds: [chainA.id] },
      <WhenConnected><SwapForm /></WhenConnected>,
    )
    await connectDevWallet()
    const swap = page.getByRole('region', { name: 'Swap' })
    await expect.element(swap.getByRole('status', { name: 'Pair' }), { timeout: 20_000 }).toHaveTextContent(/^ETH to \w+$/)
    await swap.getByRole('textbox', { name: 'Swap amount' }).fill('0.1')
    await expect.poll(() => BigInt(swap.getByRole('status', { name: 'Quote' }).element().textContent || '0'), { timeout: 10_000 }).toBeGreaterThan(0n)
    expect(swap.getByRole('alert').query()).toBeNull()

    await swap.getByRole('textbox', { name: 'Swap amount' }).fill('100000000')
    await expect.element(swap.getByRole('alert'), { timeout: 10_000 }).toHaveTextContent('insufficient-balance')
    expect(modalMounted()).toBe(false)
  })
})
