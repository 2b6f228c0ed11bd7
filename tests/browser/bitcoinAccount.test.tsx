import jsQR from 'jsqr'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { createModalController } from '../../src/controllers/ModalController'
import { formatUnits } from '../../src/rules/units'
import type { Portico } from '../../src/createPortico'
import { answerWallet } from '../support/devWalletHarness'
import { accountButton } from './journeyHarness'
import { BITCOIN_WALLET, closeBitcoinApp, installBitcoinWallet, regtest, startBitcoinApp, utxoSum } from './bitcoinHarness'
import { dialog, modalRoot, viewShown } from './modalHarness'
import { testStore } from '../support/testStores'

const ModalController = testStore(createModalController)

let portico: Portico | undefined

afterEach(async () => {
  await closeBitcoinApp(portico)
  portico = undefined
})

/** Reads the painted QR code from a screenshot of the element, as a phone camera would. */
async function decodeQr(name: string): Promise<string | undefined> {
  const shot = (await dialog().getByRole('img', { name }).screenshot({ base64: true, save: false } as never)) as unknown as { base64: string } | string
  const base64 = typeof shot === 'string' ? shot : shot.base64
  const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob())
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
  const context = canvas.getContext('2d')!
  context.drawImage(bitmap, 0, 0)
  const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height)
  return jsQR(pixels.data, pixels.width, pixels.height)?.data
}

describe('Bitcoin: the account in the modal', () => {
  it('shows the BTC balance to the satoshi (8 decimals) on the button and in the Account view, and Activity from Esplora, and Receive is a BIP-21 QR code', async () => {
    const wallet = installBitcoinWallet({ seedLabel: 'connect' })
    const address = wallet.keys[0]!.address
    portico = await startBitcoinApp({ networks: [regtest] })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog().getByRole('button', { name: new RegExp(BITCOIN_WALLET) }).click()
    await answerWallet('Approve', `Connect to ${location.host}`, BITCOIN_WALLET)
    await expect.poll(() => ModalController.state.open).toBe(false)

    // 8 decimals: the sum of the UTXOs, every satoshi of it.
    const btc = formatUnits(await utxoSum(address), 8)
    const [whole, fraction = ''] = btc.split('.')
    const shown = `${whole}.${fraction.padEnd(8, '0')}`
    await expect.element(accountButton(address)).toHaveTextContent(`${regtest.name}${shown} BTC`)

    await accountButton(address).click()
    await viewShown('Account')
    await expect.element(dialog().getByTestId('account-balance')).toHaveTextContent(`${shown} BTC`)
    await expect.element(dialog().getByRole('button', { name: `Network: ${regtest.name}. Switch network` })).toBeVisible()

    // Activity: the address's transactions as Esplora lists them, each with what it did to the balance.
    await dialog().getByRole('tab', { name: 'Activity' }).click()
    const activity = dialog().getByRole('list', { name: 'Bitcoin activity' })
    const txs = (await (await fetch(`${regtest.rpcUrls.default.http[0]}/address/${address}/txs`)).json()) as { txid: string; vout: { scriptpubkey_address?: string; value: number }[] }[]
    await expect.poll(() => activity.element().querySelectorAll('li').length).toBe(txs.length)
    const firstIn = txs[0]!.vout.filter((o) => o.scriptpubkey_address === address).reduce((sum, o) => sum + BigInt(o.value), 0n)
    expect(activity.element().querySelector('li')!.textContent).toContain(`Transaction ${txs[0]!.txid.slice(0, 8)}…`)
    expect(activity.element().querySelector('li')!.textContent).toContain(`+${formatUnits(firstIn, 8)} BTC`)
    await dialog().getByRole('tab', { name: 'Tokens' }).click()

    await dialog().getByRole('button', { name: 'Receive' }).click()
    await viewShown('WalletReceive')
    await expect.poll(() => modalRoot().querySelector('.qr[data-ready="true"] svg') !== null).toBe(true)
    expect(await decodeQr('Your address as a QR code')).toBe(`bitcoin:${address}`)
  })
})
