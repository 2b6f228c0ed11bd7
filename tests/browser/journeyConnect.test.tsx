import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import { formatEther } from 'viem'
import { formatBalance } from '../../src/ui/format/formatBalance'
import { createAccountController } from '../../src/controllers/AccountController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { STORAGE_KEYS } from '../../src/controllers/StorageKeys'
import { createTokenBalancesController } from '../../src/controllers/TokenBalancesController'
import type { Portico } from '../../src/createPortico'
import { answerWallet, removeDevWallets } from '../support/devWalletHarness'
import { accountButton, chainA, closeApp, nodeA, connectThroughModal, journeyWallet, memoryStorage, screenshot, startApp, WALLET } from './journeyHarness'
import { dialog, resetStores, viewShown } from './modalHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ConnectionController = testStore(createConnectionController)
const TokenBalancesController = testStore(createTokenBalancesController)

let portico: Portico | undefined

afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

describe('journey: connecting an injected wallet', () => {
  it('lists the dev wallet first, shows ConnectingExternal with a spinner, then the connected account', async () => {
    const wallet = journeyWallet()
    portico = await startApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const wallets = dialog().getByRole('list', { name: 'Wallets' }).getByRole('button')
    await expect.element(wallets.first()).toBeVisible()
    const names = wallets.elements().map((button) => button.textContent ?? '').filter((name) => name !== 'WalletConnect')
    expect(names[0]).toMatch(new RegExp(`^${WALLET}Installed`))

    await dialog().getByRole('button', { name: new RegExp(WALLET) }).click()
    await expect.element(page.getByRole('dialog', { name: 'Connecting' })).toBeVisible()
    await expect.element(dialog().getByRole('status').filter({ hasText: `Continue in ${WALLET}` })).toBeInTheDocument()
    await screenshot('connecting')
    await answerWallet('Approve', `Connect to ${location.host}`)

    await expect.element(accountButton(wallet.address)).toBeVisible()
    expect(AccountController.getAccount('eip155')?.address).toBe(wallet.address)
    expect(ConnectionController.get('eip155').status).toBe('connected')
  })

  it('shows the rejection in words and connects on Try again', async () => {
    const wallet = journeyWallet()
    portico = await startApp()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: new RegExp(WALLET) }).click()
    await answerWallet('Reject', `Connect to ${location.host}`)

    await expect.element(dialog().getByText('Connection declined')).toBeVisible()
    await expect.element(dialog().getByText(/Connection rejected/)).toBeVisible()
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
    await screenshot('connection-rejected')

    await dialog().getByRole('button', { name: 'Try again' }).click()
    await answerWallet('Approve', `Connect to ${location.host}`)
    await expect.element(accountButton(wallet.address)).toBeVisible()
  })

  it('disconnect clears the stores and what was stored, and the button offers to connect again', async () => {
    const wallet = journeyWallet()
    portico = await startApp()
    await connectThroughModal()
    expect(localStorage.getItem(STORAGE_KEYS.CONNECTED_CONNECTOR_IDS)).toContain(wallet.info.rdns)

    await accountButton(wallet.address).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Disconnect' }).click()

    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()
    expect(AccountController.getAccount('eip155')).toBeUndefined()
    expect(AccountController.get('eip155')?.balance).toBeUndefined()
    expect(ConnectionController.get('eip155')).toMatchObject({ status: 'disconnected', connections: [] })
    expect(TokenBalancesController.state.balances).toEqual([])
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.CONNECTED_CONNECTOR_IDS) ?? '{}')).toEqual({})
    expect(localStorage.getItem(STORAGE_KEYS.DISCONNECTED_CONNECTOR_IDS)).toContain(wallet.info.rdns)
  })
})

describe('journey: reload', () => {
  /** A reload: the page's app and wallet go away; localStorage and the wallet's own storage stay. */
  async function reload(current: Portico): Promise<void> {
    current.destroy()
    await cleanup()
    removeDevWallets()
    resetStores()
  }

  it('restores the connection without asking the wallet, and never shows the disconnected button meanwhile', async () => {
    const storage = memoryStorage()
    const rdns = 'dev.portico.wallet.journey-reload'
    const wallet = journeyWallet({ rdns, storage })
    portico = await startApp()
    await connectThroughModal()
    await expect.element(accountButton(wallet.address)).toBeVisible()

    await reload(portico)
    journeyWallet({ rdns, storage })
    // Watch the page from the first render on: the "Connect wallet" button must never appear.
    let sawConnectButton = false
    const observer = new MutationObserver(() => {
      if ([...document.querySelectorAll('button')].some((b) => b.textContent === 'Connect wallet')) sawConnectButton = true
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    portico = await startApp()
    if ([...document.querySelectorAll('button')].some((b) => b.textContent === 'Connect wallet')) sawConnectButton = true
    await expect.element(accountButton(wallet.address)).toBeVisible()
    observer.disconnect()
    expect(sawConnectButton).toBe(false)
    // The restored account shows its balance from the chain, as after a fresh connect.
    const eth = formatBalance(formatEther(await nodeA.getBalance({ address: wallet.address })))
    await expect.element(accountButton(wallet.address)).toHaveTextContent(`${chainA.name}${eth} ETH`)
    expect(document.querySelector('[data-portico-dev-wallet]')).toBeNull() // no approval panel was shown
    expect(ConnectionController.get('eip155').status).toBe('connected')
  })

  it('does not restore a wallet the visitor disconnected', async () => {
    const storage = memoryStorage()
    const rdns = 'dev.portico.wallet.journey-no-restore'
    const wallet = journeyWallet({ rdns, storage })
    portico = await startApp()
    await connectThroughModal()
    await accountButton(wallet.address).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()

    await reload(portico)
    journeyWallet({ rdns, storage })
    portico = await startApp()
    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
    expect(AccountController.getAccount('eip155')).toBeUndefined()
  })
})
