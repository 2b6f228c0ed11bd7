import { afterEach, describe, expect, it } from 'vitest'
import { commands, page } from 'vitest/browser'
import { erc20Abi, formatEther, parseEther, parseUnits, serializeTransaction } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { createSendController } from '../../src/controllers/SendController'
import type { Portico } from '../../src/createPortico'
import { formatBalance } from '../../src/ui/format/formatBalance'
import { answerWallet } from '../support/devWalletHarness'
import { accountButton, closeApp, connectThroughModal, journeyWallet, nodeA, PUSD, screenshot, startApp, WALLET } from './journeyHarness'
import { axeViolations, dialog, viewShown } from './modalHarness'
import { testStore } from '../support/testStores'

const SendController = testStore(createSendController)

// Dev account 1 sends here (account 0's seeded balances and history are read by journeyAccount).
const SENDER = 1
let portico: Portico | undefined

afterEach(async () => {
  await closeApp(portico)
  portico = undefined
})

async function openSend(address: string) {
  await accountButton(address).click()
  await viewShown('Account')
  await dialog().getByRole('button', { name: 'Send' }).click()
  await expect.element(page.getByRole('dialog', { name: 'Send' })).toBeVisible()
}

/** The preview's value for a term ('To', 'Amount', …). */
function previewValue(term: string): string {
  const terms = [...dialog().getByRole('term').elements()]
  const index = terms.findIndex((t) => t.textContent === term)
  return dialog().getByRole('definition').elements()[index]?.textContent ?? ''
}

describe('journey: send', () => {
  it('checks the receiver with the core, previews the exact transaction, sends it, and the chain balance moves', async () => {
    const wallet = journeyWallet({ account: SENDER })
    // The page's own resource timing counts a fetch served from the HTTP cache too; the recorder
    // sees every frame's requests.
    performance.clearResourceTimings()
    performance.setResourceTimingBufferSize(10_000)
    await commands.netRecordStart()
    portico = await startApp()
    await connectThroughModal()
    await openSend(wallet.address)
    const receiver = privateKeyToAddress(generatePrivateKey())
    const before = await nodeA.getBalance({ address: wallet.address })

    // A mistyped capital letter breaks the EIP-55 checksum.
    const typo = receiver.replace(/[a-f]/, (c) => c.toUpperCase())
    await dialog().getByRole('textbox', { name: 'Amount' }).fill('0.5')
    await dialog().getByRole('textbox', { name: 'Receiver address' }).fill(typo)
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByRole('textbox', { name: 'Receiver address' })).toHaveAccessibleDescription('This address has a typo: its capital letters do not match its EIP-55 checksum.')
    await expect.element(dialog().getByRole('textbox', { name: 'Receiver address' })).toHaveAttribute('aria-invalid', 'true')
    expect(await axeViolations()).toEqual([])

    // The same address in lowercase is fine and shown checksummed.
    await dialog().getByRole('textbox', { name: 'Receiver address' }).fill(receiver.toLowerCase())
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByText('Check before you sign')).toBeVisible()
    expect(previewValue('To')).toBe(receiver)
    expect(previewValue('Amount')).toBe('0.5 ETH')
    expect(previewValue('Max fee per gas')).toMatch(/^\d+(\.\d+)? gwei$/)
    expect(previewValue('Max priority fee per gas')).toMatch(/^\d+(\.\d+)? gwei$/)
    expect(previewValue('Network fee at most')).toMatch(/^0\.\d+ ETH$/)
    const preview = SendController.state.preview!
    // What the WASM core serialized is what viem serializes for the same fields.
    const tx = preview.transaction
    expect(preview.serialized).toBe(serializeTransaction({
      type: 'eip1559', chainId: tx.chainId, nonce: tx.nonce, to: tx.to, value: tx.value, data: tx.data, gas: tx.gas,
      maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas, accessList: [],
    }))
    expect(preview.transaction).toMatchObject({ to: receiver, value: parseEther('0.5'), chainId: 31337, data: '0x' })
    // An EVM-only app loads the EVM core module for the check and the preview, never Solana's.
    const requested = await commands.netRecordStop()
    // (The dev server serves every module of portico/core as it is imported, so the Solana glue's
    // JS is among them; what must not be fetched is the module itself.)
    expect(requested.filter((url) => /portico_wasm_solana_bg\.wasm/.test(url))).toEqual([])
    const fetched = performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname.split('/').pop()!).filter((name) => name.endsWith('.wasm'))
    expect(fetched).toEqual(['portico_wasm_evm_bg.wasm'])
    expect(await axeViolations()).toEqual([])
    await screenshot('send-preview')

    await dialog().getByRole('button', { name: 'Send' }).click()
    await answerWallet('Approve', 'Send 0.5 ETH')
    await expect.element(dialog().getByText('Transaction sent')).toBeVisible()
    await expect.element(dialog().getByText('Confirmed')).toBeVisible()
    const hash = SendController.state.hash!
    await expect.element(dialog().getByLabelText('Transaction hash', { exact: true })).toHaveTextContent(hash)

    // The chain agrees: the receiver holds 0.5 ETH, and the sender paid 0.5 ETH plus the fee.
    const receipt = await nodeA.getTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: wallet.address.toLowerCase(), to: receiver.toLowerCase() })
    expect(await nodeA.getBalance({ address: receiver })).toBe(parseEther('0.5'))
    const after = await nodeA.getBalance({ address: wallet.address })
    expect(after).toBe(before - parseEther('0.5') - receipt.gasUsed * receipt.effectiveGasPrice)
    await expect.element(dialog().getByText(`New balance: ${formatBalance(formatEther(after))} ETH`)).toBeVisible()
    expect(await axeViolations()).toEqual([])
    await screenshot('send-success')

    // Done: the account's Activity shows the transfer, newest first, from the reference backend.
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.element(dialog().getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true')
    const newest = dialog().getByRole('tabpanel').getByRole('listitem').first()
    await expect.element(newest).toHaveTextContent(/Send/)
    await expect.element(newest).toHaveTextContent(/0\.500 ETH/)
    await expect.element(accountButton(wallet.address)).toHaveTextContent(`${formatBalance(formatEther(after))} ETH`)
    await screenshot('send-activity')
  })

  it('says in words when the balance cannot cover the amount, before the wallet is asked', async () => {
    const wallet = journeyWallet({ account: SENDER })
    portico = await startApp()
    await connectThroughModal()
    await openSend(wallet.address)
    const before = await nodeA.getBalance({ address: wallet.address })
    const nonce = await nodeA.getTransactionCount({ address: wallet.address })

    await dialog().getByRole('textbox', { name: 'Amount' }).fill('1000000')
    await dialog().getByRole('textbox', { name: 'Receiver address' }).fill(privateKeyToAddress(generatePrivateKey()))
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('The account does not have enough funds to pay for the transaction and its gas.')
    await screenshot('send-insufficient-funds')
    expect(document.querySelector('[data-portico-dev-wallet]')).toBeNull()
    expect(await nodeA.getBalance({ address: wallet.address })).toBe(before)
    expect(await nodeA.getTransactionCount({ address: wallet.address })).toBe(nonce)
  })

  it('sends a token: the preview names the contract, a rejection in the wallet is shown, and a second try moves the tokens', async () => {
    const wallet = journeyWallet({ account: SENDER })
    portico = await startApp()
    await connectThroughModal()
    await openSend(wallet.address)
    const receiver = privateKeyToAddress(generatePrivateKey())
    const balanceOf = (address: `0x${string}`) => nodeA.readContract({ address: PUSD.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const before = await balanceOf(wallet.address)

    const token = dialog().getByRole('combobox', { name: 'Token' })
    await expect.poll(() => [...(token.element() as HTMLSelectElement).options].map((o) => o.value)).toContain('PUSD')
    await token.selectOptions('PUSD')

    // More tokens than the account holds: the node's refusal (a revert) in words, before the wallet is asked.
    await dialog().getByRole('textbox', { name: 'Amount' }).fill('1000000')
    await dialog().getByRole('textbox', { name: 'Receiver address' }).fill(receiver)
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByRole('alert')).toHaveTextContent(/^The transaction was reverted by the contract/)
    expect(document.querySelector('[data-portico-dev-wallet]')).toBeNull()
    await dialog().getByRole('textbox', { name: 'Amount' }).fill('12.5')
    await dialog().getByRole('textbox', { name: 'Receiver address' }).fill(receiver)
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByText('Check before you sign')).toBeVisible()
    expect(previewValue('Amount')).toBe('12.5 PUSD')
    expect(previewValue('To')).toBe(receiver)
    expect(previewValue('Token contract')).toBe(PUSD.address)

    await dialog().getByRole('button', { name: 'Send' }).click()
    await answerWallet('Reject', 'Send 0 ETH', WALLET)
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Transaction rejected in the wallet')
    expect(await balanceOf(receiver)).toBe(0n)

    await dialog().getByRole('button', { name: 'Send' }).click()
    await answerWallet('Approve', 'Send 0 ETH', WALLET)
    await expect.element(dialog().getByText('Confirmed')).toBeVisible()
    expect(await balanceOf(receiver)).toBe(parseUnits('12.5', 6))
    expect(await balanceOf(wallet.address)).toBe(before - parseUnits('12.5', 6))
    await expect.element(dialog().getByText(`New balance: ${formatBalance(String(Number(before - parseUnits('12.5', 6)) / 1e6))} PUSD`)).toBeVisible()
  })
})
