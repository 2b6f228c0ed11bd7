import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { formatEther } from 'viem'
import { DEV_ACCOUNTS } from '../../dev/chain/devChains'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import type { Portico } from '../../src/createPortico'
import { createAccountController } from '../../src/controllers/AccountController'
import { createNftsController } from '../../src/controllers/NftsController'
import { createTokenBalancesController } from '../../src/controllers/TokenBalancesController'
import { createTransactionsController } from '../../src/controllers/TransactionsController'
import { formatBalance } from '../../src/ui/format/formatBalance'
import { answerWallet, injectDevWallet } from '../support/devWalletHarness'
import { accountButton, closeApp, connectThroughModal } from './journeyHarness'
import { dialog, viewShown } from './modalHarness'
import { features, featuresNode, startFeaturesApp } from './featuresHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const NftsController = testStore(createNftsController)
const TokenBalancesController = testStore(createTokenBalancesController)
const TransactionsController = testStore(createTransactionsController)

let portico: Portico | undefined
afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

// The features backend registers alice.portico.id for dev account 0 and bob.portico.id for dev account 1.
const [alice, bob] = [DEV_ACCOUNTS[0]!, DEV_ACCOUNTS[1]!]
const [chainA, chainB] = features.chains as [(typeof features.chains)[0], (typeof features.chains)[0]]

/** The dev wallet holding accounts 0 and 1 (0 selected), over both features chains. */
function twoAccountWallet() {
  return injectDevWallet({ chains: features.chains, accounts: [hardhatDevPrivateKeys[0]!, hardhatDevPrivateKeys[1]!], storage: null })
}

async function openAccountTab(address: string, tab: 'Tokens' | 'NFTs' | 'Activity') {
  await accountButton(address).click()
  await viewShown('Account')
  await dialog().getByRole('tab', { name: tab }).click()
  return dialog().getByRole('tabpanel')
}

describe('features: what the account shows, through reconnects', () => {
  it('looks the name, balance, tokens and activity up again after disconnect → connect, and clears them on disconnect', async () => {
    twoAccountWallet()
    portico = await startFeaturesApp()
    await connectThroughModal()
    await expect.element(accountButton(alice)).toHaveTextContent('alice.portico.id')
    const activity = await openAccountTab(alice, 'Activity')
    await expect.element(activity.getByRole('listitem').first()).toBeVisible()
    await dialog().getByRole('tab', { name: 'Tokens' }).click()
    await expect.element(dialog().getByRole('list', { name: 'Token balances' })).toBeVisible()
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()

    // Nothing of the account outlives the connection.
    expect(AccountController.get('eip155')).toMatchObject({ profileName: undefined, balance: undefined })
    expect(TokenBalancesController.state).toMatchObject({ balances: [], address: undefined })
    expect(TransactionsController.state).toMatchObject({ transactions: [], accountAddress: undefined })
    expect(NftsController.state).toMatchObject({ nfts: [], address: undefined })

    // The same wallet and address again, without a reload: the name comes back from the backend.
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: /Portico Dev Wallet/ }).click()
    await answerWallet('Approve', `Connect to ${location.host}`)
    await expect.element(accountButton(alice)).toHaveTextContent('alice.portico.id')
    const eth = formatBalance(formatEther(await featuresNode.getBalance({ address: alice })))
    await expect.element(accountButton(alice)).toHaveTextContent(`${eth} ETH`)
    await accountButton(alice).click()
    await viewShown('Account')
    await expect.element(dialog().getByText('alice.portico.id', { exact: true })).toBeVisible()
    await expect.element(dialog().getByRole('button', { name: 'Choose a name' })).not.toBeInTheDocument()
    await expect.element(dialog().getByRole('list', { name: 'Token balances' })).toBeVisible()
    await dialog().getByRole('tab', { name: 'Activity' }).click()
    await expect.element(dialog().getByRole('tabpanel').getByRole('listitem').first()).toBeVisible()
  })

  it('follows an account change and the change back: each address shows its own name and balance', async () => {
    const wallet = twoAccountWallet()
    portico = await startFeaturesApp()
    await connectThroughModal()
    await expect.element(accountButton(alice)).toHaveTextContent('alice.portico.id')

    wallet.provider.selectAccount(bob)
    await expect.element(accountButton(bob)).toHaveTextContent('bob.portico.id')
    await expect.element(accountButton(bob)).not.toHaveTextContent('alice')
    const bobEth = formatBalance(formatEther(await featuresNode.getBalance({ address: bob })))
    await expect.element(accountButton(bob)).toHaveTextContent(`${bobEth} ETH`)
    const tokens = await openAccountTab(bob, 'Tokens')
    await expect.element(tokens.getByRole('list', { name: 'Token balances' })).toBeVisible()
    expect(TokenBalancesController.state.address?.toLowerCase()).toBe(bob.toLowerCase())
    await dialog().getByRole('button', { name: 'Close' }).click()

    wallet.provider.selectAccount(alice)
    await expect.element(accountButton(alice)).toHaveTextContent('alice.portico.id')
    await expect.element(accountButton(alice)).not.toHaveTextContent('bob')
    await openAccountTab(alice, 'Activity')
    await expect.element(dialog().getByRole('tabpanel').getByRole('listitem').first()).toBeVisible()
    expect(TransactionsController.state.accountAddress?.toLowerCase()).toBe(alice.toLowerCase())
  })

  it('keeps the name through a network change and back, and the balance and tokens follow the network', async () => {
    const wallet = twoAccountWallet()
    portico = await startFeaturesApp()
    await connectThroughModal()
    await expect.element(accountButton(alice)).toHaveTextContent(`${chainA.name}`)
    await expect.element(accountButton(alice)).toHaveTextContent('alice.portico.id')

    wallet.provider.selectChain(chainB.id)
    await expect.element(accountButton(alice)).toHaveTextContent(chainB.name)
    await expect.element(accountButton(alice)).toHaveTextContent('alice.portico.id')
    await openAccountTab(alice, 'Tokens')
    await expect.element(dialog().getByRole('list', { name: 'Token balances' })).toBeVisible()
    expect(TokenBalancesController.state.caipNetworkId).toBe(`eip155:${chainB.id}`)
    await dialog().getByRole('button', { name: 'Close' }).click()

    wallet.provider.selectChain(chainA.id)
    await expect.element(accountButton(alice)).toHaveTextContent(chainA.name)
    await expect.element(accountButton(alice)).toHaveTextContent('alice.portico.id')
    const eth = formatBalance(formatEther(await featuresNode.getBalance({ address: alice })))
    await expect.element(accountButton(alice)).toHaveTextContent(`${eth} ETH`)
    await openAccountTab(alice, 'Tokens')
    await expect.poll(() => TokenBalancesController.state.caipNetworkId).toBe(`eip155:${chainA.id}`)
    await expect.element(dialog().getByRole('list', { name: 'Token balances' })).toBeVisible()
  })
})
