import { secp256k1 } from '@noble/curves/secp256k1.js'
import * as btc from '@scure/btc-signer'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { REGTEST, devBitcoinKey } from '../../dev/bitcoin/faucet'
import { createBitcoinSendController } from '../../src/controllers/BitcoinSendController'
import { createModalController } from '../../src/controllers/ModalController'
import { formatUnits } from '../../src/rules/units'
import { init, Bitcoin } from '../../src/core/index'
import type { Portico } from '../../src/createPortico'
import { answerWallet } from '../support/devWalletHarness'
import { accountButton } from './journeyHarness'
import { BITCOIN_WALLET, closeBitcoinApp, installBitcoinWallet, regtest, startBitcoinApp, utxosOf, utxoSum } from './bitcoinHarness'
import { dialog, viewShown } from './modalHarness'
import { testStore } from '../support/testStores'

const BitcoinSendController = testStore(createBitcoinSendController)
const ModalController = testStore(createModalController)

let portico: Portico | undefined

afterEach(async () => {
  await closeBitcoinApp(portico)
  portico = undefined
})

/** Satoshis as BTC with all 8 decimals, as the modal shows balances. */
const btc8 = (sats: bigint) => `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')}`

/** A fresh taproot address of this run: it holds nothing before the send. */
const recipient = () => btc.p2tr(secp256k1.getPublicKey(devBitcoinKey(`send recipient ${crypto.randomUUID()}`), true).subarray(1), undefined, REGTEST).address!

async function connectAndOpenSend(seedLabel: 'send') {
  const wallet = installBitcoinWallet({ seedLabel })
  const from = wallet.keys[0]!.address
  portico = await startBitcoinApp({ networks: [regtest] })
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await dialog().getByRole('button', { name: new RegExp(BITCOIN_WALLET) }).click()
  await answerWallet('Approve', `Connect to ${location.host}`, BITCOIN_WALLET)
  await expect.poll(() => ModalController.state.open).toBe(false)
  await accountButton(from).click()
  await viewShown('Account')
  await dialog().getByRole('button', { name: 'Send' }).click()
  await expect.element(dialog().getByRole('textbox', { name: 'Amount (BTC)' })).toBeVisible()
  return from
}

describe('Bitcoin: send', () => {
  it('sends 0.001 BTC: the review shows what the core reads in the PSBT; after a block the recipient holds exactly 100,000 sats and the sender lost the amount plus the fee shown', async () => {
    const from = await connectAndOpenSend('send')
    const to = recipient()
    const before = await utxoSum(from)
    // The fee rates come from the node's /fee-estimates, one per speed.
    const estimates = (await (await fetch(`${regtest.rpcUrls.default.http[0]}/fee-estimates`)).json()) as Record<string, number>
    await expect.element(dialog().getByRole('radio', { name: `Normal · ${Math.ceil(estimates['6']!)} sat/vB` })).toBeChecked()

    await dialog().getByRole('textbox', { name: 'Amount (BTC)' }).fill('0.001')
    await dialog().getByRole('textbox', { name: 'To' }).fill(to)
    await dialog().getByRole('button', { name: 'Review' }).click()
    const review = dialog().getByRole('definition')
    await expect.element(dialog().getByText('Review the transaction', { exact: true })).toBeVisible()

    // The review is the core's reading of the very PSBT the wallet will sign.
    const preview = BitcoinSendController.state.preview!
    await init('bitcoin')
    const decoded = Bitcoin.describePsbt(preview.built.psbt, { network: 'regtest', owned: [from] })
    const recipients = decoded.outputs.filter((o) => !o.change)
    expect(recipients.map((o) => [o.address, o.amount])).toEqual([[to, 100_000n]])
    expect(decoded.totalIn).toBe(100_000n + decoded.change + decoded.fee)
    const shown = review.elements().map((e) => e.textContent)
    expect(shown).toEqual([regtest.name, from, to, '0.001 BTC', `${formatUnits(decoded.change, 8)} BTC`, `${formatUnits(decoded.fee, 8)} BTC`, `${decoded.feeRate.toFixed(1)} sat/vB`])

    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await answerWallet('Approve', 'Sign a transaction', BITCOIN_WALLET)
    await expect.element(dialog().getByText('Confirmed', { exact: true }), { timeout: 30_000 }).toBeVisible()
    const txid = BitcoinSendController.state.txid!

    const received = await utxosOf(to)
    expect(received).toEqual([expect.objectContaining({ txid, value: 100_000 })])
    expect(before - (await utxoSum(from))).toBe(100_000n + decoded.fee)
    await expect.element(dialog().getByText(`New balance: ${btc8(before - 100_000n - decoded.fee)} BTC`)).toBeVisible()
  })

  it('refuses a mainnet address on regtest, and an amount above the balance, before building anything', async () => {
    const from = await connectAndOpenSend('send')
    await dialog().getByRole('textbox', { name: 'Amount (BTC)' }).fill('0.001')
    await dialog().getByRole('textbox', { name: 'To' }).fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByText('This address is for another Bitcoin network: what is sent there would be lost.')).toBeVisible()
    await dialog().getByRole('textbox', { name: 'To' }).fill(recipient())
    await dialog().getByRole('textbox', { name: 'Amount (BTC)' }).fill(formatUnits((await utxoSum(from)) + 1n, 8))
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByText('The balance cannot pay this amount and the fee.')).toBeVisible()
    expect(BitcoinSendController.state.preview).toBeUndefined()
  })
})
