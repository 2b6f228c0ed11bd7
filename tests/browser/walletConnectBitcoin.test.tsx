import { secp256k1 } from '@noble/curves/secp256k1.js'
import * as btc from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { REGTEST, devBitcoinKey } from '../../dev/bitcoin/faucet'
import { SiwxApi } from '../../src/api/SiwxApi'
import { createAccountController } from '../../src/controllers/AccountController'
import { createBitcoinSendController } from '../../src/controllers/BitcoinSendController'
import { createChainController } from '../../src/controllers/ChainController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createModalController } from '../../src/controllers/ModalController'
import { createSiwxController } from '../../src/controllers/SiwxController'
import { formatUnits } from '../../src/rules/units'
import { init, Bitcoin } from '../../src/core/index'
import { bitcoinNetwork } from '../../src/connectors/bitcoin/bitcoinNetworks'
import { accountButton, chainA, networks as evmNetworks, stack } from './journeyHarness'
import { bitcoinStack, regtest, utxosOf, utxoSum } from './bitcoinHarness'
import { axeViolations, dialog, viewShown } from './modalHarness'
import { connectPhoneWith, openWalletConnect, PHONE_ACCOUNTS, startWalletConnectApp, startWalletConnectStack, unloadApp, walletConnectFile, wc, type WalletConnectApp } from './walletConnectHarness'
import { testStore } from '../support/testStores'

const AccountController = testStore(createAccountController)
const BitcoinSendController = testStore(createBitcoinSendController)
const ChainController = testStore(createChainController)
const ConnectionController = testStore(createConnectionController)
const ModalController = testStore(createModalController)
const SiwxController = testStore(createSiwxController)

/** The phone's Bitcoin payment address (dev/phone/phoneBitcoinKeys.ts), funded by the global setup; no other file spends from it. */
const PHONE_BITCOIN = bitcoinStack.phonePayment
/** The phone's second Bitcoin account (`m/84'/1'/1'/0/0`), which the person can switch to. */
const PHONE_BITCOIN_2 = bitcoinStack.phonePayment2
const networks = [...evmNetworks, regtest]

let app: WalletConnectApp | undefined

const wcStack = walletConnectFile({
  start: () => startWalletConnectStack(undefined, { caip2: bitcoinStack.caip2, esploraUrl: bitcoinStack.url }),
})

/** Satoshis as BTC with all 8 decimals, as the modal shows balances. */
const btc8 = (sats: bigint) => `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')}`

/** A fresh taproot address of this run: it holds nothing before the send. */
const recipient = () => btc.p2tr(secp256k1.getPublicKey(devBitcoinKey(`wc recipient ${crypto.randomUUID()}`), true).subarray(1), undefined, REGTEST).address!

/** Bitcoin in use (the session holds it: no prompt), then Account → Send with `amount` BTC to `to`, and Review. */
async function reviewBitcoinSend(current: WalletConnectApp, amount: string, to: string): Promise<void> {
  await ConnectionController.switchNetwork(regtest.caipNetworkId)
  current.portico.open()
  await viewShown('Account')
  await dialog().getByRole('button', { name: 'Send' }).click()
  await dialog().getByRole('textbox', { name: 'Amount (BTC)' }).fill(amount)
  await dialog().getByRole('textbox', { name: 'To' }).fill(to)
  await dialog().getByRole('button', { name: 'Review' }).click()
}

describe('WalletConnect with the bip122 namespace', () => {
  it('one approval connects eip155 and bip122: the payment address, its real keys, and the balance the node holds', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks } })
    const proposal = await connectPhoneWith(app, 'bip122')
    expect(proposal).toContain(bitcoinStack.caip2)
    expect(proposal).toContain(`eip155:${chainA.id}`)
    expect(AccountController.getAccount('eip155')?.address).toBe(PHONE_ACCOUNTS[0])
    expect(AccountController.getAccount('bip122')?.address).toBe(PHONE_BITCOIN)
    expect(AccountController.get('bip122')?.allAccounts).toEqual([{ namespace: 'bip122', address: PHONE_BITCOIN, type: 'payment' }])
    expect(ConnectionController.getActiveConnection('bip122')?.caipNetworkId).toBe(bitcoinStack.caip2)

    // Bitcoin is one network switch away (the session holds it: no prompt); the balance is the node's UTXO sum.
    await ConnectionController.switchNetwork(regtest.caipNetworkId)
    expect(ChainController.state.activeNamespace).toBe('bip122')
    const sum = await utxoSum(PHONE_BITCOIN)
    await expect.poll(() => AccountController.get('bip122')?.balance, { timeout: 20_000 }).toBe(formatUnits(sum, 8))
    expect(AccountController.get('bip122')?.balanceSymbol).toBe('BTC')
    // The button shows the address's network and every satoshi of it.
    await expect.element(accountButton(PHONE_BITCOIN)).toHaveTextContent(`${regtest.name}${btc8(sum)} BTC`)

    // getAccountAddresses (asked without a prompt) gives the account's keys: the payment key is the one the address commits to.
    const provider = () => app!.portico.getProvider('bip122')!
    expect(provider().chain).toBe('bitcoin:regtest')
    await expect.poll(() => provider().accounts.map((account) => account.purpose), { timeout: 20_000 }).toEqual(['payment', 'ordinal'])
    const [payment, ordinal] = provider().accounts
    expect(btc.p2wpkh(payment!.publicKey, REGTEST).address).toBe(PHONE_BITCOIN)
    expect(btc.p2tr(ordinal!.publicKey, undefined, REGTEST).address).toBe(ordinal!.address)
    expect(await axeViolations()).toEqual([])
  })

  it('sends 0.001 BTC over the session: the review is the core\'s reading of the PSBT, the phone signs it, and after a block the recipient holds exactly 100,000 sats', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks } })
    await connectPhoneWith(app, 'bip122')
    const to = recipient()
    const before = await utxoSum(PHONE_BITCOIN)
    await reviewBitcoinSend(app, '0.001', to)
    await expect.element(dialog().getByText('Review the transaction', { exact: true })).toBeVisible()

    const preview = BitcoinSendController.state.preview!
    await init('bitcoin')
    const decoded = Bitcoin.describePsbt(preview.built.psbt, { network: 'regtest', owned: [PHONE_BITCOIN] })
    expect(decoded.outputs.filter((output) => !output.change).map((output) => [output.address, output.amount])).toEqual([[to, 100_000n]])
    const shown = dialog().getByRole('definition').elements().map((element) => element.textContent)
    expect(shown).toEqual([regtest.name, PHONE_BITCOIN, to, '0.001 BTC', `${formatUnits(decoded.change, 8)} BTC`, `${formatUnits(decoded.fee, 8)} BTC`, `${decoded.feeRate.toFixed(1)} sat/vB`])

    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await wc.phoneAnswer('Approve', 'Sign a transaction')
    await expect.element(dialog().getByText('Confirmed', { exact: true }), { timeout: 30_000 }).toBeVisible()
    const txid = BitcoinSendController.state.txid!
    expect(await utxosOf(to)).toEqual([expect.objectContaining({ txid, value: 100_000 })])
    expect(before - (await utxoSum(PHONE_BITCOIN))).toBe(100_000n + decoded.fee)

    // Disconnecting ends the one session: every namespace goes, and getProvider with it.
    await app.portico.disconnect()
    expect(ConnectionController.get('bip122').status).toBe('disconnected')
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
    expect(app.portico.getProvider('bip122')).toBeUndefined()
    await expect.element(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()
  })

  it('a refusal on the phone keeps the review with the seed\'s words, and nothing moves', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks } })
    await connectPhoneWith(app, 'bip122')
    const before = await utxoSum(PHONE_BITCOIN)
    await reviewBitcoinSend(app, '0.002', recipient())
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await wc.phoneAnswer('Reject', 'Sign a transaction')
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Transaction rejected in the wallet')
    await expect.element(dialog().getByText('Review the transaction', { exact: true })).toBeVisible()
    expect(await utxoSum(PHONE_BITCOIN)).toBe(before)
  })

  it('a reload restores the Bitcoin account from the stored session, without a prompt, and it still signs', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks } })
    await connectPhoneWith(app, 'bip122')
    const { storagePrefix } = app
    await unloadApp(app)
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, storagePrefix, app: { networks } })
    await expect.poll(() => ConnectionController.get('bip122').status, { timeout: 20_000 }).toBe('connected')
    expect(app.uris).toEqual([])
    expect(AccountController.getAccount('bip122')?.address).toBe(PHONE_BITCOIN)
    const provider = app.portico.getProvider('bip122')!
    expect(provider.payment.address).toBe(PHONE_BITCOIN)
    const signing = provider.signMessage(new TextEncoder().encode('after the reload'))
    await wc.phoneAnswer('Approve', 'Sign a message')
    // BIP-322 simple for P2WPKH: the witness of two items (a DER signature, the 33-byte key).
    const witness = await signing
    expect(witness[0]).toBe(2)
    expect(witness.at(-34)).toBe(33)
  })

  it('signs in with Bitcoin over the session: the phone signs the CAIP-122 message with BIP-322, and the backend checks it and holds the session', async () => {
    const statement = 'Sign in with the phone over WalletConnect'
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks: [regtest], siwx: { statement, required: true } } })
    const uri = await openWalletConnect(app)
    await wc.phonePaste(uri)
    await wc.phoneProposal('Approve')
    await expect.element(page.getByRole('dialog', { name: 'Sign in' }), { timeout: 20_000 }).toBeVisible()
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    await wc.phoneAnswer('Approve', 'Sign a message')
    await expect.poll(() => ModalController.state.open, { timeout: 20_000 }).toBe(false)
    const [session] = SiwxController.getSessions()
    expect(session).toMatchObject({ caipAddress: `${regtest.caipNetworkId}:${PHONE_BITCOIN}` })
    expect(session!.message).toContain(`wants you to sign in with your Bitcoin account:\n${PHONE_BITCOIN}\n\n${statement}\n`)
    // The backend verified the BIP-322 signature (bip322-js) before it opened the session it lists here.
    const api = new SiwxApi({ baseUrl: stack.backendUrl, projectId: 'portico-journey', sdkType: 'portico', sdkVersion: 'journey', retry: { count: 0 } })
    expect((await api.getSessions(session!.caipAddress, session!.token)).map((listed) => listed.id)).toContain(session!.id)
  })

  it('a phone without the app\'s Bitcoin network refuses the proposal, and the modal says so in the seed\'s words', async () => {
    // The app asks only for Bitcoin's testnet; the phone's account is on regtest.
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks: [bitcoinNetwork('testnet', bitcoinStack.url)] } })
    const uri = await openWalletConnect(app)
    await wc.phonePaste(uri)
    await wc.phoneProposal('Approve')
    await expect.element(dialog().getByRole('alert'), { timeout: 20_000 }).toHaveTextContent('The connector does not support any of the requested chains')
    expect(ConnectionController.get('bip122').status).toBe('disconnected')
    expect(AccountController.getAccount('bip122')).toBeUndefined()
  })
  it('follows a Bitcoin account change the phone makes through session_update: the account, the button, the provider and its signatures', async () => {
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks } })
    await connectPhoneWith(app, 'bip122')
    await ConnectionController.switchNetwork(regtest.caipNetworkId)
    await expect.element(accountButton(PHONE_BITCOIN)).toBeVisible()
    try {
      await wc.phoneSelect('Bitcoin address', PHONE_BITCOIN_2)
      await expect.poll(() => AccountController.getAccount('bip122')?.address, { timeout: 20_000 }).toBe(PHONE_BITCOIN_2)
      await expect.element(accountButton(PHONE_BITCOIN_2)).toBeVisible()
      // It is still a payment account, as the session gave it (not an EVM account's 'eoa').
      expect(AccountController.getAccount('bip122')?.type).toBe('payment')
      // The EVM account is the wallet's own business: it stays.
      expect(AccountController.getAccount('eip155')?.address).toBe(PHONE_ACCOUNTS[0])
      const provider = app.portico.getProvider('bip122')!
      expect(provider.payment.address).toBe(PHONE_BITCOIN_2)
      const signing = provider.signMessage(new TextEncoder().encode('Signed by the account the phone switched to'))
      await wc.phoneAnswer('Approve', 'Sign a message')
      // The witness ends with the signer's compressed key: account 1's, as BIP-84 derives it.
      expect(btc.p2wpkh((await signing).slice(-33), REGTEST).address).toBe(PHONE_BITCOIN_2)
      // And back: the account left is still one the phone can switch to.
      await wc.phoneSelect('Bitcoin address', PHONE_BITCOIN)
      await expect.poll(() => AccountController.getAccount('bip122')?.address, { timeout: 20_000 }).toBe(PHONE_BITCOIN)
    } finally {
      // The phone page is shared by the file's tests: its first Bitcoin account goes back in use.
      await wc.phoneSelect('Bitcoin address', PHONE_BITCOIN)
    }
  })

  it('follows the phone\'s bip122_addressesChanged: the provider lists the new ordinals address with its key, the account, button and sign-in stay, and the new address signs', async () => {
    // Run last: the file's phone keeps its new ordinals address.
    app = await startWalletConnectApp({ relayUrl: wcStack.relayUrl, app: { networks: [regtest], siwx: { statement: 'New addresses keep the sign-in', required: true } } })
    await wc.phonePaste(await openWalletConnect(app))
    await wc.phoneProposal('Approve')
    await expect.element(page.getByRole('dialog', { name: 'Sign in' }), { timeout: 20_000 }).toBeVisible()
    await dialog().getByRole('button', { name: 'Sign', exact: true }).click()
    await wc.phoneAnswer('Approve', 'Sign a message')
    await expect.poll(() => ModalController.state.open, { timeout: 20_000 }).toBe(false)
    const signedIn = SiwxController.getSessions()
    expect(signedIn.map((session) => session.caipAddress)).toEqual([`${regtest.caipNetworkId}:${PHONE_BITCOIN}`])
    const provider = () => app!.portico.getProvider('bip122')!
    await expect.poll(() => provider().accounts.map((account) => account.purpose), { timeout: 20_000 }).toEqual(['payment', 'ordinal'])
    const [payment, earlier] = provider().accounts
    const sum = await utxoSum(PHONE_BITCOIN)
    await expect.element(accountButton(PHONE_BITCOIN)).toHaveTextContent(`${regtest.name}${btc8(sum)} BTC`)

    await wc.phoneClick('New ordinals address')
    await expect.poll(() => provider().accounts[1]?.address, { timeout: 20_000 }).not.toBe(earlier!.address)
    const [paymentNow, ordinal] = provider().accounts
    // The new address with the real key it commits to (x-only, BIP-86), the payment address and its key as they were.
    expect(provider().accounts).toHaveLength(2)
    expect(ordinal!.purpose).toBe('ordinal')
    expect(btc.p2tr(ordinal!.publicKey, undefined, REGTEST).address).toBe(ordinal!.address)
    expect(paymentNow).toEqual(payment)
    expect(provider().payment.address).toBe(PHONE_BITCOIN)
    expect(btc.p2wpkh(paymentNow!.publicKey, REGTEST).address).toBe(PHONE_BITCOIN)
    // Not an account switch: the account, the connection's accounts and the button stay.
    expect(AccountController.getAccount('bip122')).toEqual({ namespace: 'bip122', address: PHONE_BITCOIN, type: 'payment' })
    expect(AccountController.get('bip122')?.allAccounts).toEqual([{ namespace: 'bip122', address: PHONE_BITCOIN, type: 'payment' }])
    expect(ConnectionController.getActiveConnection('bip122')?.accounts).toEqual([{ address: PHONE_BITCOIN, type: 'payment' }])
    await expect.element(accountButton(PHONE_BITCOIN)).toHaveTextContent(`${regtest.name}${btc8(sum)} BTC`)

    // The new address signs through the provider: BIP-322 that the backend's verifier accepts for it, and for nothing else.
    const message = 'Signed by the new ordinals address'
    const signing = provider().signMessage(new TextEncoder().encode(message), ordinal!.address)
    await wc.phoneAnswer('Approve', 'Sign a message')
    const signature = btoa(String.fromCharCode(...(await signing)))
    expect(await wc.verifyBip322(ordinal!.address, message, signature)).toBe(true)
    expect(await wc.verifyBip322(earlier!.address, message, signature)).toBe(false)
    expect(await wc.verifyBip322(ordinal!.address, `${message}!`, signature)).toBe(false)
    // And no sign-in was asked again for the same address: the session stands, the modal stayed shut.
    expect(ModalController.state.open).toBe(false)
    await expect.element(page.getByRole('dialog', { name: 'Sign in' })).not.toBeInTheDocument()
    expect(SiwxController.getSessions()).toEqual(signedIn)
  })
})
