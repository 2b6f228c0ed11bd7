import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseEther } from 'viem'
import { createSendController } from '../../src/controllers/SendController'
import type { Portico } from '../../src/createPortico'
import { answerInSecureSite, closeEmbeddedPage } from './embeddedHarness'
import { dialog, viewShown } from './modalHarness'
import { freshEmail, fund, node, signInByEmail, smartStack, startSmartApp, walletOf, expectAccountPaysGas } from './smartAccountHarness'
import { testStore } from '../support/testStores'

const SendController = testStore(createSendController)

const accountButton = (address: string) => page.getByRole('button', { name: new RegExp(`${address.slice(0, 6)}…${address.slice(-4)}`) })
const terms = () => [...dialog().getByRole('term').elements()].map((term) => term.textContent)
/** The preview's value for a term ('To', 'Gas', …). */
function previewValue(term: string): string {
  const index = terms().indexOf(term)
  return index < 0 ? '' : (dialog().getByRole('definition').elements()[index]?.textContent ?? '')
}

async function review(amount: string, receiver: string) {
  await dialog().getByRole('textbox', { name: 'Amount' }).fill(amount)
  await dialog().getByRole('textbox', { name: 'Receiver address' }).fill(receiver)
  await dialog().getByRole('button', { name: 'Review' }).click()
  await expect.element(dialog().getByText('Check before you sign')).toBeVisible()
}

let portico: Portico | undefined
afterEach(async () => {
  await closeEmbeddedPage(portico)
  portico = undefined
  localStorage.clear()
})

describe('the Send view with the smart account', () => {
  it('says "Gas sponsored" (no EOA fee fields), the send moves exactly the amount; over the cap it says the account pays at most its cost', async () => {
    portico = await startSmartApp()
    const address = await signInByEmail(freshEmail('send-view'))
    await fund(address, '1')
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    await accountButton(address).click()
    await viewShown('Account')
    await dialog().getByRole('button', { name: 'Send' }).click()
    await expect.element(page.getByRole('dialog', { name: 'Send' })).toBeVisible()

    await review('0.01', recipient)
    expect(previewValue('Gas')).toBe('Gas sponsored')
    for (const eoaField of ['Max fee per gas', 'Max priority fee per gas', 'Gas limit', 'Network fee at most', 'Nonce']) expect(terms()).not.toContain(eoaField)
    expect(SendController.state.preview?.gasPayer).toEqual({ sponsored: true })

    const before = await node.getBalance({ address })
    await dialog().getByRole('button', { name: 'Send' }).click()
    await answerInSecureSite('Approve', 'Send transaction')
    await expect.element(dialog().getByText('Confirmed')).toBeVisible()
    expect(await node.getBalance({ address: recipient })).toBe(parseEther('0.01'))
    expect(before - (await node.getBalance({ address }))).toBe(parseEther('0.01'))

    // Use up the day's sponsored operations; the next preview says the account pays.
    for (let sent = 1; sent < smartStack.dailyCap; sent++) {
      const sending = walletOf(portico, address).sendTransaction({ to: recipient, value: 1n })
      await answerInSecureSite('Approve', 'Send transaction')
      await node.waitForTransactionReceipt({ hash: await sending })
    }
    SendController.start()
    await expect.element(dialog().getByRole('textbox', { name: 'Amount' })).toBeVisible()
    await review('0.01', recipient)
    await expectAccountPaysGas(previewValue('Gas'))
    expect(SendController.state.preview?.gasPayer).toMatchObject({ sponsored: false })
  })
})
