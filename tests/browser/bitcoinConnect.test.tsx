import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { createAccountController } from '../../src/controllers/AccountController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createModalController } from '../../src/controllers/ModalController'
import { formatUnits } from '../../src/rules/units'
import type { Portico } from '../../src/createPortico'
import { answerWallet } from '../support/devWalletHarness'
import { BITCOIN_FUNDING } from '../support/bitcoinFunding'
import { BITCOIN_WALLET, bitcoinStack, closeBitcoinApp, installBitcoinWallet, regtest, startBitcoinApp, utxosOf, utxoSum } from './bitcoinHarness'
import { dialog } from './modalHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ConnectionController = testStore(createConnectionController)
const ModalController = testStore(createModalController)

// The dev server serves each module as a request of its own: past the browser's default 250
// resource entries, the ones these tests look for would be dropped.
performance.setResourceTimingBufferSize(10_000)

let portico: Portico | undefined

afterEach(async () => {
  await closeBitcoinApp(portico)
  portico = undefined
})

describe('Bitcoin: connect a Wallet Standard wallet', () => {
  // First in the file: the page's module graph only grows, so this sees a page no Bitcoin test has used yet.
  it('an EVM-only app registers no Bitcoin wallet and loads none of the Bitcoin wiring', async () => {
    installBitcoinWallet({ seedLabel: 'connect' })
    const { networks } = await import('./journeyHarness')
    portico = await startBitcoinApp({ networks })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.element(dialog()).toBeVisible()
    expect(dialog().getByRole('button', { name: new RegExp(BITCOIN_WALLET) }).elements()).toHaveLength(0)
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name)
    expect(loaded.filter((name) => /bitcoinWiring|BitcoinConnector|bitcoinConnectors|EsploraClient|portico_wasm_bitcoin_bg\.wasm/.test(name))).toEqual([])
  })

  it('lists the dev Bitcoin wallet, connects its payment and ordinals addresses, and shows the balance the node holds', async () => {
    const wallet = installBitcoinWallet({ seedLabel: 'connect' })
    const [payment, ordinals] = wallet.keys
    expect(payment!.address).toBe(bitcoinStack.payment.connect)
    portico = await startBitcoinApp({ networks: [regtest] })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: new RegExp(BITCOIN_WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`, BITCOIN_WALLET)
    await expect.poll(() => ModalController.state.open).toBe(false)

    // The payment address is the account in use; the ordinals one is beside it, typed.
    expect(portico.getAccount()).toMatchObject({ address: payment!.address, namespace: 'bip122', isConnected: true })
    expect(AccountController.get('bip122')?.allAccounts).toEqual([
      { namespace: 'bip122', address: payment!.address, type: 'payment' },
      { namespace: 'bip122', address: ordinals!.address, type: 'ordinal' },
    ])
    expect(ConnectionController.getActiveConnection('bip122')?.caipNetworkId).toBe(bitcoinStack.caip2)
    expect(regtest.caipNetworkId).toBe(bitcoinStack.caip2)

    // The balance is the sum of the UTXOs the node lists for the address (two fundings, at least).
    const utxos = await utxosOf(payment!.address)
    expect(utxos.length).toBeGreaterThanOrEqual(BITCOIN_FUNDING.length)
    const sum = await utxoSum(payment!.address)
    await expect.poll(() => AccountController.get('bip122')?.balance).toBe(formatUnits(sum, 8))
    expect(AccountController.get('bip122')?.balanceSymbol).toBe('BTC')

    // getProvider('bip122') is the wallet on the node's chain, the payment address first.
    const provider = portico.getProvider('bip122')!
    expect(provider.chain).toBe('bitcoin:regtest')
    expect(provider.payment.address).toBe(payment!.address)
    expect(provider.accounts.map((a) => a.purpose)).toEqual(['payment', 'ordinal'])
  })

  it('a wallet that serves none of the app\'s Bitcoin networks is refused with the seed\'s words, and nothing connects', async () => {
    const wallet = installBitcoinWallet({ seedLabel: 'connect', name: 'Mainnet Only Wallet', chains: ['bitcoin:mainnet'] })
    portico = await startBitcoinApp({ networks: [regtest] })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: /Mainnet Only Wallet/ }).click()
    await expect.element(dialog().getByText('The connector does not support any of the requested chains')).toBeVisible()
    // The wallet was never asked: no approval panel, no account handed out.
    expect(page.getByRole('dialog', { name: 'Mainnet Only Wallet' }).elements()).toHaveLength(0)
    expect(wallet.accounts).toHaveLength(0)
    expect(AccountController.getAccount('bip122')).toBeUndefined()
    expect(ConnectionController.get('bip122').status).toBe('disconnected')
  })

})
