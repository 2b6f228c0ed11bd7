import { formatEther, parseEther } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { createApiController, SEARCH_DELAY_MS } from '../../src/controllers/ApiController'
import type { Portico } from '../../src/createPortico'
import { answerWallet } from '../support/devWalletHarness'
import { closeHeadlessApp, modalMounted, startHeadlessApp, walletList, walletNames } from './headlessHarness'
import { chainA, journeyWallet, networks, nodeA, stack, WALLET } from './journeyHarness'
import { testStore } from '../support/testStores'

const ApiController = testStore(createApiController)

let portico: Portico | undefined

afterEach(async () => {
  await closeHeadlessApp(portico)
  portico = undefined
})

type Listed = { id: string; name: string }
/** The reference backend's listing, asked directly (not through Portico). */
async function listing(query: Record<string, string>): Promise<Listed[]> {
  const url = new URL('/getWallets', stack.backendUrl)
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  url.searchParams.set('chains', networks.map((n) => n.caipNetworkId).join(','))
  url.searchParams.set('projectId', 'portico-journey')
  const response = await fetch(url)
  if (!response.ok) throw new Error(`The listing answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { data: Listed[] }).data
}

describe('examples/headless on portico/headless: the wallet list without the modal', () => {
  it("shows the seed's order: the browser's wallet, the featured one, then the listing's recommended in its order", async () => {
    journeyWallet()
    const catalogue = await listing({ page: '1', entries: '10' })
    const featured = catalogue[7]!
    portico = await startHeadlessApp({ networks, apiUrl: stack.backendUrl, projectId: 'portico-journey', featuredWalletIds: [featured.id] })
    const recommended = (await listing({ page: '1', entries: '4', exclude: featured.id })).map((w) => w.name)
    // The featured wallet, the recommended ones and the first page load side by side.
    await expect.poll(() => walletNames(), { timeout: 20_000 }).toContain(featured.name)
    await expect.poll(() => walletNames().length, { timeout: 20_000 }).toBeGreaterThan(6)
    // The featured wallet's own request may answer after the first page that also lists it.
    await expect.poll(() => walletNames()[1], { timeout: 20_000 }).toBe(featured.name)
    const names = walletNames()
    expect(names[0]).toBe(`${WALLET} (installed)`)
    expect(names[1]).toBe(featured.name)
    expect(names.slice(2, 6)).toEqual(recommended)
    // Each wallet once.
    expect(new Set(names).size).toBe(names.length)
    expect(modalMounted()).toBe(false)
  })

  it('narrows the list by search, asking the listing once the typing has paused 300 ms', async () => {
    portico = await startHeadlessApp({ networks, apiUrl: stack.backendUrl, projectId: 'portico-journey', discoverWallets: false })
    await expect.poll(() => walletNames().length, { timeout: 20_000 }).toBeGreaterThan(10)
    const before = walletNames().length
    const target = (await listing({ page: '1', entries: '40' }))[12]!.name
    const text = target.slice(0, Math.min(5, target.length))
    await userEvent.type(page.getByRole('searchbox', { name: 'Search wallets' }), text)
    expect(ApiController.state.searching).toBe(true)
    await expect.element(page.getByRole('status').filter({ hasText: 'Searching…' })).toBeInTheDocument()
    await expect.poll(() => ApiController.state.searching, { timeout: SEARCH_DELAY_MS + 10_000 }).toBe(false)
    await expect.poll(() => walletNames()).toContain(target)
    const after = walletNames()
    expect(after.length).toBeLessThan(before)
    for (const name of after) expect(name.toLowerCase()).toContain(text.toLowerCase())
    // Cleared, the whole list is back.
    await userEvent.clear(page.getByRole('searchbox', { name: 'Search wallets' }))
    await expect.poll(() => walletNames().length).toBe(before)
  })
})

describe('examples/headless: connect, sign in and send without the modal', () => {
  it("shows a refusal in the wallet as the catalogue's typed error, and connects on the next try", async () => {
    const wallet = journeyWallet({ account: 6 })
    portico = await startHeadlessApp({ networks, apiUrl: stack.backendUrl, projectId: 'portico-journey' })
    const button = walletList().getByRole('button', { name: `${WALLET} (installed)` })
    await button.click()
    await answerWallet('Reject', `Connect to ${location.host}`)
    await expect.element(walletList().getByRole('alert')).toHaveTextContent('Connection rejected')
    await button.click()
    await answerWallet('Approve', `Connect to ${location.host}`)
    await expect.element(page.getByRole('region', { name: 'Account' }).getByRole('status', { name: 'Address' })).toHaveTextContent(wallet.address)
  })

  it('connects the dev wallet from its own list, signs in, and sends on the local chain', async () => {
    const wallet = journeyWallet({ account: 6 })
    portico = await startHeadlessApp({ networks, apiUrl: stack.backendUrl, projectId: 'portico-journey', siwx: { statement: 'Sign in to the headless example' } })
    await walletList().getByRole('button', { name: `${WALLET} (installed)` }).click()
    await answerWallet('Approve', `Connect to ${location.host}`)
    const account = page.getByRole('region', { name: 'Account' })
    await expect.element(account.getByRole('status', { name: 'Address' })).toHaveTextContent(wallet.address)
    const balance = await nodeA.getBalance({ address: wallet.address })
    await expect.element(account.getByRole('status', { name: 'Balance' })).toHaveTextContent(new RegExp(`^${formatEther(balance).slice(0, 6)}`))

    // Sign-in: asked for, signed in the wallet, verified by the reference backend.
    await expect.element(account.getByRole('status', { name: 'Sign-in' })).toHaveTextContent('needed')
    await account.getByRole('button', { name: 'Sign in' }).click()
    await answerWallet('Approve', 'Sign a message')
    await expect.element(account.getByRole('status', { name: 'Sign-in' })).toHaveTextContent('signed-in')
    expect(portico.siwx.getSessions().map((s) => s.caipAddress.toLowerCase())).toEqual([`eip155:${chainA.id}:${wallet.address.toLowerCase()}`])

    // A send: a typo first (a clear problem, no wallet request), then the preview, the wallet, the chain.
    const receiver = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
    await account.getByRole('textbox', { name: 'Amount' }).fill('0.25')
    await account.getByRole('textbox', { name: 'To' }).fill('0x1234')
    await account.getByRole('button', { name: 'Review' }).click()
    await expect.element(account.getByRole('alert').filter({ hasText: 'This is not an Ethereum address' })).toBeInTheDocument()
    await account.getByRole('textbox', { name: 'To' }).fill(receiver)
    const receiverBefore = await nodeA.getBalance({ address: receiver })
    await account.getByRole('button', { name: 'Review' }).click()
    await expect.element(page.getByRole('region', { name: 'Send preview' })).toHaveTextContent(`Send 0.25 ETH to ${receiver}`)
    await page.getByRole('button', { name: 'Confirm send' }).click()
    await answerWallet('Approve', 'Send 0.25 ETH')
    await expect.element(account.getByRole('status').filter({ hasText: /^Sent 0x[0-9a-f]{64}: success$/ }), { timeout: 30_000 }).toBeInTheDocument()
    expect(await nodeA.getBalance({ address: receiver })).toBe(receiverBefore + parseEther('0.25'))
    expect(modalMounted()).toBe(false)
  })
})
