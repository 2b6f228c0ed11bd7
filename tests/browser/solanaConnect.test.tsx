import { ed25519 } from '@noble/curves/ed25519'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import { createAccountController } from '../../src/controllers/AccountController'
import { createChainController } from '../../src/controllers/ChainController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createModalController } from '../../src/controllers/ModalController'
import { formatUnits } from '../../src/rules/units'
import type { Portico } from '../../src/createPortico'
import { formatBalance } from '../../src/ui/format/formatBalance'
import { answerWallet, removeDevWallets } from '../support/devWalletHarness'
import { memoryStorage } from '../support/memoryStorage'
import { accountButton, chainA, connectThroughModal, journeyWallet, networks as evmNetworks, startApp } from './journeyHarness'
import { axeViolations, dialog, resetStores, viewShown } from './modalHarness'
import { installSolanaWallet, lamportsOf, PUSD, removeSolanaWallets, SOLANA_WALLET, startSolanaApp, solanaNetwork } from './solanaHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ChainController = testStore(createChainController)
const ConnectionController = testStore(createConnectionController)
const ModalController = testStore(createModalController)

let portico: Portico | undefined

afterEach(async () => {
  portico?.destroy()
  portico = undefined
  await cleanup()
  ModalController.state.open = false
  removeDevWallets()
  removeSolanaWallets()
  resetStores()
  localStorage.clear()
})

const solBalance = async (address: string) => formatBalance(formatUnits(await lamportsOf(address), 9))

/** Connect wallet → the dev Solana wallet → approve in its panel; resolves once the modal has closed. */
async function connectSolana(): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await dialog().getByRole('button', { name: new RegExp(SOLANA_WALLET) }).click()
  await answerWallet('Approve', `Connect to ${location.host}`, SOLANA_WALLET)
  await expect.poll(() => ModalController.state.open).toBe(false)
}

describe('Solana: connect', () => {
  it('lists the Wallet Standard wallet, connects it, and shows the SOL balance from the node (3 decimals)', async () => {
    const wallet = installSolanaWallet()
    portico = await startSolanaApp({ networks: [solanaNetwork] })
    await connectSolana()
    const balance = await solBalance(wallet.address)
    await expect.element(accountButton(wallet.address)).toHaveTextContent(`${solanaNetwork.name}${balance} SOL`)
    expect(portico.getAccount()).toMatchObject({ address: wallet.address, namespace: 'solana', isConnected: true })
    expect(ConnectionController.getActiveConnection('solana')?.caipNetworkId).toBe(solanaNetwork.caipNetworkId)
  })

  it('getProvider("solana") is the wallet wrapped for Solana apps: publicKey and signMessage (ed25519, checked)', async () => {
    const wallet = installSolanaWallet()
    portico = await startSolanaApp({ networks: [solanaNetwork] })
    expect(portico.getProvider('solana')).toBeUndefined()
    await connectSolana()
    const provider = portico.getProvider('solana')!
    expect(provider.publicKey.toBase58()).toBe(wallet.address)
    const message = new TextEncoder().encode('Portico signs this')
    const signing = provider.signMessage(message)
    await answerWallet('Approve', 'Sign a message', SOLANA_WALLET)
    const { signature } = await signing
    expect(ed25519.verify(signature, message, provider.publicKey.toBytes())).toBe(true)
  })

  it('shows the SPL tokens and the activity of the account, read from the node', async () => {
    const wallet = installSolanaWallet()
    portico = await startSolanaApp({ networks: [solanaNetwork], solana: { tokens: [PUSD] } })
    await connectSolana()
    portico.open()
    await viewShown('Account')
    const tokens = dialog().getByRole('list', { name: 'SPL tokens' })
    // What the node holds now (another file of the run may have sent PUSD from this wallet).
    const { node: rpc } = await import('./solanaHarness')
    const { PublicKey: Key } = await import('@solana/web3.js')
    const held = await rpc.getParsedTokenAccountsByOwner(new Key(wallet.address), { mint: new Key(PUSD.mint) })
    const amount = held.value.reduce((sum, { account }) => sum + Number(account.data.parsed.info.tokenAmount.uiAmount), 0)
    expect(amount).toBeGreaterThan(0)
    await expect.element(tokens).toHaveTextContent(`Portico USD${amount.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} PUSD`)
    await dialog().getByRole('tab', { name: 'Activity' }).click()
    const activity = dialog().getByRole('list', { name: 'Solana activity' })
    await expect.element(activity).toBeVisible()
    // The seed gives account 0 five signatures (funding, token account, mint, 1.5 SOL in, 25 PUSD out).
    const { node } = await import('./solanaHarness')
    const { PublicKey } = await import('@solana/web3.js')
    const signatures = await node.getSignaturesForAddress(new PublicKey(wallet.address), { limit: 20 })
    await expect.poll(() => activity.element().querySelectorAll('li').length).toBe(signatures.length)
    expect(activity.element().textContent).toContain(`${signatures[0]!.signature.slice(0, 8)}…`)
    expect(await axeViolations()).toEqual([])
    await dialog().getByRole('button', { name: 'Receive' }).click()
    await expect.element(dialog().getByText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`)).toBeVisible()
  })

  it('a refusal in the wallet says so and offers to try again', async () => {
    installSolanaWallet()
    portico = await startSolanaApp({ networks: [solanaNetwork] })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: new RegExp(SOLANA_WALLET) }).click()
    await answerWallet('Reject', `Connect to ${location.host}`, SOLANA_WALLET)
    await expect.element(dialog().getByText('Connection declined')).toBeVisible()
    await expect.element(dialog().getByText('Connection rejected')).toBeVisible()
    expect(ConnectionController.get('solana').status).toBe('disconnected')
  })

  it('a wallet with both namespaces is one entry; each pick connects the namespace not yet connected', async () => {
    const evm = journeyWallet({ account: 0 })
    const sol = installSolanaWallet({ name: 'Portico Dev Wallet' })
    portico = await startApp({ networks: [...evmNetworks, solanaNetwork] })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.element(dialog().getByRole('button', { name: /Portico Dev Wallet/ })).toBeVisible()
    expect(dialog().getByRole('button', { name: /Portico Dev Wallet/ }).elements()).toHaveLength(1)
    await dialog().getByRole('button', { name: /Portico Dev Wallet/ }).click()
    await answerWallet('Approve', `Connect to ${location.host}`)
    await expect.poll(() => AccountController.getAccount('eip155')?.address).toBe(evm.address)
    expect(AccountController.getAccount('solana')).toBeUndefined()
    expect(sol.accounts).toHaveLength(0)
  })
})

describe('Solana beside EVM in one modal', () => {
  it('switches between the EVM account and the Solana account through the grouped network list, and a reload restores both', async () => {
    const storage = memoryStorage()
    const solStorage = memoryStorage()
    const rdns = 'dev.portico.wallet.solana-switch'
    const evm = journeyWallet({ rdns, storage })
    const sol = installSolanaWallet({ storage: solStorage })
    portico = await startApp({ networks: [...evmNetworks, solanaNetwork] })
    await connectThroughModal()
    await expect.element(accountButton(evm.address)).toBeVisible()

    // EVM → Solana, which has no wallet yet: SwitchActiveChain offers to connect one.
    await accountButton(evm.address).click()
    await dialog().getByRole('button', { name: new RegExp(`Switch network.*${chainA.name}|${chainA.name}`) }).first().click()
    await viewShown('Networks')
    await expect.element(dialog().getByRole('heading', { name: 'Solana' })).toBeVisible()
    await expect.element(dialog().getByRole('heading', { name: 'Ethereum and EVM' })).toBeVisible()
    expect(await axeViolations()).toEqual([])
    await dialog().getByRole('list', { name: 'Solana' }).getByRole('button', { name: /Solana Local/ }).click()
    await viewShown('SwitchActiveChain')
    expect(await axeViolations()).toEqual([])
    await dialog().getByRole('button', { name: 'Connect a Solana wallet' }).click()
    await dialog().getByRole('button', { name: new RegExp(SOLANA_WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`, SOLANA_WALLET)
    await expect.poll(() => ModalController.state.open).toBe(false)
    await expect.element(accountButton(sol.address)).toHaveTextContent(`${solanaNetwork.name}${await solBalance(sol.address)} SOL`)
    expect(AccountController.getAccount('eip155')?.address).toBe(evm.address)

    // Solana → EVM: the EVM wallet is still connected, so the switch is immediate.
    await accountButton(sol.address).click()
    await dialog().getByRole('button', { name: /Solana Local/ }).first().click()
    await viewShown('Networks')
    await dialog().getByRole('list', { name: 'Ethereum and EVM' }).getByRole('button', { name: chainA.name, exact: true }).click()
    await viewShown('Account')
    await expect.element(accountButton(evm.address)).toBeVisible()
    expect(ChainController.state.activeNamespace).toBe('eip155')

    // Reload: both come back without a prompt.
    portico.destroy()
    await cleanup()
    removeDevWallets()
    removeSolanaWallets()
    resetStores()
    journeyWallet({ rdns, storage })
    installSolanaWallet({ storage: solStorage })
    portico = await startApp({ networks: [...evmNetworks, solanaNetwork] })
    await expect.poll(() => ConnectionController.get('eip155').status).toBe('connected')
    await expect.poll(() => ConnectionController.get('solana').status).toBe('connected')
    expect(AccountController.getAccount('solana')?.address).toBe(sol.address)
    expect(AccountController.getAccount('eip155')?.address).toBe(evm.address)
    expect(document.querySelector('[data-portico-dev-wallet]')).toBeNull()
  })
})
