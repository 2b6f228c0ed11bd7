import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { erc20Abi, formatEther, formatUnits } from 'viem'
import { createModalController } from '../../src/controllers/ModalController'
import { createChainController } from '../../src/controllers/ChainController'
import type { Portico } from '../../src/createPortico'
import { formatBalance, formatTokenValue } from '../../src/ui/format/formatBalance'
import { answerWallet } from '../support/devWalletHarness'
import { accountButton, chainA, chainB, closeApp, connectThroughModal, journeyWallet, networks, nodeA, nodeB, PGLD, PUSD, screenshot, startApp, WALLET } from './journeyHarness'
import { dialog, viewShown } from './modalHarness'
import { testStore } from '../support/testStores'

const ChainController = testStore(createChainController)
const ModalController = testStore(createModalController)

// Dev account 0 holds the seeded tokens and history; nothing in the journeys sends from it.
let portico: Portico | undefined

afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

const tokenOf = (token: typeof PUSD, address: `0x${string}`) => nodeA.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

describe('journey: the account', () => {
  it('shows the balance from the chain with 3 decimals, the seeded tokens with their values, and copies the address', async () => {
    const wallet = journeyWallet({ account: 0 })
    portico = await startApp()
    await connectThroughModal()
    const eth = formatBalance(formatEther(await nodeA.getBalance({ address: wallet.address })))
    expect(eth).toMatch(/^\d+\.\d{3}$/)
    await expect.element(accountButton(wallet.address)).toHaveTextContent(`${eth} ETH`)

    await accountButton(wallet.address).click()
    await viewShown('Account')
    await expect.element(dialog().getByTestId('account-balance')).toHaveTextContent(`${eth} ETH`)
    const tokens = dialog().getByRole('list', { name: 'Token balances' }).getByRole('listitem')
    await expect.poll(() => tokens.elements().length).toBe(3)
    const usd = formatUnits(await tokenOf(PUSD, wallet.address), 6)
    const gold = formatUnits(await tokenOf(PGLD, wallet.address), 18)
    expect([usd, gold]).toEqual(['925', '2.5']) // what seedChain handed out
    // Values are the backend's dev prices (ETH 3000 USD), cut to 2 decimals.
    const ethValue = formatTokenValue(Number(formatEther(await nodeA.getBalance({ address: wallet.address }))) * 3000)
    await expect.element(tokens.nth(0)).toHaveTextContent(`Ether${eth} ETH$${ethValue}`)
    await expect.element(tokens.nth(1)).toHaveTextContent('Portico USD925.000 PUSD$925.00')
    await expect.element(tokens.nth(2)).toHaveTextContent('Portico Gold2.500 PGLD$6000.00')
    await screenshot('account-tokens')

    await dialog().getByRole('button', { name: 'Copy address' }).click()
    await expect.element(page.getByText('Address copied')).toBeVisible()
    // What was copied is the address: paste it into a field of the page, as a person would.
    await dialog().getByRole('button', { name: 'Close' }).click()
    const field = document.createElement('input')
    field.setAttribute('aria-label', 'Paste here')
    document.body.append(field)
    await page.getByRole('textbox', { name: 'Paste here' }).click()
    await userEvent.keyboard('{Control>}v{/Control}')
    await expect.poll(() => field.value).toBe(wallet.address)
    field.remove()
  })

  it('shows the activity from the reference backend, newest first', async () => {
    const wallet = journeyWallet({ account: 0 })
    portico = await startApp()
    await connectThroughModal()
    await accountButton(wallet.address).click()
    await viewShown('Account')
    await dialog().getByRole('tab', { name: 'Activity' }).click()
    const items = dialog().getByRole('tabpanel').getByRole('listitem')
    await expect.element(items.first()).toBeVisible()
    // seedChain: +25 PUSD today, −100 PUSD 12 days ago, −0.25 ETH 33 days ago, +1.5 ETH 62 days ago.
    const texts = items.elements().map((item) => item.textContent ?? '')
    expect(texts[0]).toMatch(/^Receive.*\+25\.000 PUSD$/)
    expect(texts[1]).toMatch(/^Send.*−100\.000 PUSD$/)
    expect(texts[2]).toMatch(/^Send.*−0\.250 ETH$/)
    expect(texts[3]).toMatch(/^Receive.*\+1\.500 ETH$/)
    await screenshot('account-activity')
  })
})

describe('journey: networks', () => {
  it('switches network from the network button through the wallet, and the balance follows the chain', async () => {
    const wallet = journeyWallet({ account: 0 })
    portico = await startApp()
    await connectThroughModal()
    await page.getByRole('button', { name: `Network: ${chainA.name}. Switch network` }).click()
    await expect.element(page.getByRole('dialog', { name: 'Choose network' })).toBeVisible()
    await dialog().getByRole('button', { name: chainB.name, exact: true }).click()
    await expect.element(dialog().getByRole('status').filter({ hasText: `Approve the switch to ${chainB.name} in your wallet.` })).toBeInTheDocument()
    await answerWallet('Approve', `Switch to ${chainB.name}`, WALLET)

    // Opened from the network button, the modal closes once switched; the page's buttons follow.
    await expect.poll(() => ModalController.state.open).toBe(false)
    await expect.element(page.getByRole('button', { name: `Network: ${chainB.name}. Switch network` })).toBeVisible()
    expect(ChainController.getActiveNetwork()?.caipNetworkId).toBe(`eip155:${chainB.id}`)
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe(`0x${chainB.id.toString(16)}`)
    const eth = formatBalance(formatEther(await nodeB.getBalance({ address: wallet.address })))
    await expect.element(accountButton(wallet.address)).toHaveTextContent(new RegExp(`${chainB.name}.*${eth.replace('.', '\\.')} ETH`))
  })

  it('shows UnsupportedChain when the wallet is on a network the app does not support, and recovers by switching', async () => {
    // The app supports only chain A; the wallet starts on chain B.
    const wallet = journeyWallet({ account: 0, chains: [chainB, chainA] })
    portico = await startApp({ networks: networks.filter((n) => n.id === chainA.id) })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: new RegExp(WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`)

    await expect.element(page.getByRole('dialog', { name: 'Unsupported network' })).toBeVisible()
    await expect.element(dialog().getByText('This app does not support the network your wallet is on. Switch to one of these networks.')).toBeVisible()
    await screenshot('unsupported-chain')
    // Closed, the page's button says so rather than showing a network the wallet is not on.
    await dialog().getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Wrong network' }).click()
    await expect.element(page.getByRole('dialog', { name: 'Unsupported network' })).toBeVisible()
    await dialog().getByRole('button', { name: chainA.name, exact: true }).click()
    await answerWallet('Approve', `Switch to ${chainA.name}`, WALLET)

    await expect.poll(() => ChainController.getActiveNetwork()?.caipNetworkId).toBe(`eip155:${chainA.id}`)
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe(`0x${chainA.id.toString(16)}`)
    await expect.element(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect.element(accountButton(wallet.address)).toHaveTextContent(new RegExp(chainA.name))
  })
})
