import { afterEach, describe, expect, it } from 'vitest'
import { createAccountController } from '../../src/controllers/AccountController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createModalController } from '../../src/controllers/ModalController'
import { formatUnits } from '../../src/rules/units'
import { bitcoinNetwork } from '../../src/connectors/bitcoin/bitcoinNetworks'
import type { Portico } from '../../src/createPortico'
import { page } from 'vitest/browser'
import { answerWallet } from '../support/devWalletHarness'
import { BITCOIN_WALLET, bitcoinStack, closeBitcoinApp, installBitcoinWallet, regtest, startBitcoinApp, utxoSum } from './bitcoinHarness'
import { dialog } from './modalHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ConnectionController = testStore(createConnectionController)
const ModalController = testStore(createModalController)

let portico: Portico | undefined

afterEach(async () => {
  await closeBitcoinApp(portico)
  portico = undefined
})

/** Testnet as the app knows it; the dev wallet gives it testnet-encoded addresses of the same keys (no balance: the node is regtest's). */
const testnet = bitcoinNetwork('testnet', bitcoinStack.url)

describe('Bitcoin: switching networks', () => {
  it('regtest → testnet → regtest: the wallet’s address for each network, and the node’s balance back on regtest', async () => {
    const wallet = installBitcoinWallet({ seedLabel: 'connect', networks: ['regtest', 'testnet'] })
    const regtestPayment = wallet.keys.find((k) => k.purpose === 'payment' && k.chain === 'bitcoin:regtest')!.address
    const testnetPayment = wallet.keys.find((k) => k.purpose === 'payment' && k.chain === 'bitcoin:testnet')!.address
    expect(regtestPayment).toMatch(/^bcrt1q/)
    expect(testnetPayment).toMatch(/^tb1q/)
    portico = await startBitcoinApp({ networks: [regtest, testnet] })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: new RegExp(BITCOIN_WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`, BITCOIN_WALLET)
    await expect.poll(() => ModalController.state.open).toBe(false)
    expect(ConnectionController.getActiveConnection('bip122')?.caipNetworkId).toBe(regtest.caipNetworkId)
    expect(portico.getAccount().address).toBe(regtestPayment)
    const sum = await utxoSum(regtestPayment)
    await expect.poll(() => AccountController.get('bip122')?.balance).toBe(formatUnits(sum, 8))

    await portico.switchNetwork(testnet.caipNetworkId)
    await expect.poll(() => ConnectionController.getActiveConnection('bip122')?.caipNetworkId).toBe(testnet.caipNetworkId)
    await expect.poll(() => portico!.getAccount().address).toBe(testnetPayment)
    expect(portico.getProvider('bip122')!.chain).toBe('bitcoin:testnet')

    await portico.switchNetwork(regtest.caipNetworkId)
    await expect.poll(() => ConnectionController.getActiveConnection('bip122')?.caipNetworkId).toBe(regtest.caipNetworkId)
    await expect.poll(() => portico!.getAccount().address).toBe(regtestPayment)
    expect(portico.getProvider('bip122')!.chain).toBe('bitcoin:regtest')
    await expect.poll(() => AccountController.get('bip122')?.balance).toBe(formatUnits(sum, 8))
  })
})
