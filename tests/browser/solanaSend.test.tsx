import { PublicKey, SystemInstruction, Transaction } from '@solana/web3.js'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup } from 'vitest-browser-react'
import { createModalController } from '../../src/controllers/ModalController'
import { formatUnits } from '../../src/rules/units'
import type { Portico } from '../../src/createPortico'
import { answerWallet } from '../support/devWalletHarness'
import { axeViolations, dialog, resetStores, viewShown } from './modalHarness'
import { installSolanaWallet, lamportsOf, node, PUSD, removeSolanaWallets, SOLANA_WALLET, startSolanaApp, solana, solanaNetwork } from './solanaHarness'
import { testStore } from '../support/testStores'

const ModalController = testStore(createModalController)

let portico: Portico | undefined

afterEach(async () => {
  portico?.destroy()
  portico = undefined
  await cleanup()
  ModalController.state.open = false
  removeSolanaWallets()
  resetStores()
  localStorage.clear()
})

/** Connects dev account `account` and opens Send. */
async function openSend(account: number) {
  const wallet = installSolanaWallet({ account })
  portico = await startSolanaApp({ networks: [solanaNetwork], solana: { tokens: [PUSD] } })
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await dialog().getByRole('button', { name: new RegExp(SOLANA_WALLET) }).click()
  await answerWallet('Approve', `Connect to ${location.host}`, SOLANA_WALLET)
  await expect.poll(() => ModalController.state.open).toBe(false)
  portico.open()
  await viewShown('Account')
  await dialog().getByRole('button', { name: 'Send' }).click()
  await viewShown('WalletSend')
  return wallet
}

/** The rows (term → value) of the preview's description list labelled `name`. */
function rows(name: string): Record<string, string> {
  const list = dialog().getByLabelText(name, { exact: true }).element() as HTMLElement
  const out: Record<string, string> = {}
  const terms = list.querySelectorAll('dt')
  for (const term of terms) out[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? ''
  return out
}

/** The bytes the preview shows (base64), as web3.js reads them. */
function previewTransaction(): Transaction {
  const code = dialog().getByLabelText(/Transaction bytes/).element()
  return Transaction.from(Uint8Array.from(atob(code.textContent ?? ''), (c) => c.charCodeAt(0)))
}

describe('Solana: send', () => {
  it('sends SOL: the preview equals what web3.js built, and the balance moves by exactly amount + fee', async () => {
    const wallet = await openSend(1)
    const receiver = solana.accounts[3]!
    const [before, receiverBefore] = [await lamportsOf(wallet.address), await lamportsOf(receiver)]
    await dialog().getByLabelText('Amount', { exact: true }).fill('0.25')
    await dialog().getByLabelText('To', { exact: true }).fill(receiver)
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByText('Review the transaction')).toBeVisible()

    const tx = previewTransaction()
    expect(tx.instructions).toHaveLength(1)
    const transfer = SystemInstruction.decodeTransfer(tx.instructions[0]!)
    const shown = rows('Instruction 1 · SOL transfer')
    expect(shown).toEqual({ From: transfer.fromPubkey.toBase58(), To: transfer.toPubkey.toBase58(), Amount: '0.25 SOL' })
    expect(transfer.lamports).toBe(250_000_000n)
    expect(transfer.fromPubkey.toBase58()).toBe(wallet.address)
    expect(transfer.toPubkey.toBase58()).toBe(receiver)
    const summary = rows('Review the transaction')
    expect(summary['Fee paid by']).toBe(tx.feePayer?.toBase58())
    expect(summary['Recent blockhash']).toBe(tx.recentBlockhash)
    const fee = BigInt((await node.getFeeForMessage(tx.compileMessage())).value!)
    expect(summary['Network fee']).toBe(`${formatUnits(fee, 9)} SOL`)
    expect(await axeViolations()).toEqual([])

    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await answerWallet('Approve', 'Send a transaction', SOLANA_WALLET)
    await expect.element(dialog().getByText('Confirmed', { exact: true })).toBeVisible()
    expect(await lamportsOf(wallet.address)).toBe(before - 250_000_000n - fee)
    expect(await lamportsOf(receiver)).toBe(receiverBefore + 250_000_000n)
    const signature = dialog().getByLabelText('Signature', { exact: true }).element().textContent!
    const landed = await node.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })
    expect(BigInt(landed!.meta!.fee)).toBe(fee)
  })

  it('sends an SPL token: the receiver’s token account is created when missing, then transferChecked', async () => {
    const wallet = await openSend(0)
    const receiver = solana.accounts[3]!
    const source = new PublicKey(solana.tokenAccounts[0]!)
    const destination = new PublicKey(solana.tokenAccounts[3]!)
    expect(wallet.address).toBe(solana.accounts[0])
    const tokenBefore = BigInt((await node.getTokenAccountBalance(source)).value.amount)
    const destinationBefore = (await node.getAccountInfo(destination)) ? BigInt((await node.getTokenAccountBalance(destination)).value.amount) : 0n
    await expect.element(dialog().getByRole('option', { name: /PUSD/ })).toBeInTheDocument()
    await dialog().getByLabelText('Token', { exact: true }).selectOptions(PUSD.mint)
    await dialog().getByLabelText('Amount', { exact: true }).fill('1.5')
    await dialog().getByLabelText('To', { exact: true }).fill(receiver)
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByText('Review the transaction')).toBeVisible()
    const tx = previewTransaction()
    // Account 3 has no PUSD account yet: the Associated Token program creates it first (shown as another program's instruction).
    expect(tx.instructions).toHaveLength(2)
    expect(rows('Instruction 1 · Other instruction')).toEqual({ Program: tx.instructions[0]!.programId.toBase58() })
    expect(tx.instructions[0]!.programId.toBase58()).toBe('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
    const last = rows('Instruction 2 · Token transfer (checked)')
    expect(last).toEqual({
      'From token account': source.toBase58(), 'Token mint': PUSD.mint, 'To token account': destination.toBase58(), 'Signed by': wallet.address, Amount: '1.5 PUSD',
    })
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await answerWallet('Approve', 'Send a transaction', SOLANA_WALLET)
    await expect.element(dialog().getByText('Confirmed', { exact: true })).toBeVisible()
    expect(BigInt((await node.getTokenAccountBalance(source)).value.amount)).toBe(tokenBefore - 1_500_000n)
    expect(BigInt((await node.getTokenAccountBalance(destination)).value.amount)).toBe(destinationBefore + 1_500_000n)
  })

  it('a refusal in the wallet keeps the preview with the reason, and nothing moves', async () => {
    const wallet = await openSend(2)
    const before = await lamportsOf(wallet.address)
    await dialog().getByLabelText('Amount', { exact: true }).fill('1')
    await dialog().getByLabelText('To', { exact: true }).fill(solana.accounts[4]!)
    await dialog().getByRole('button', { name: 'Review' }).click()
    await dialog().getByRole('button', { name: 'Send', exact: true }).click()
    await answerWallet('Reject', 'Send a transaction', SOLANA_WALLET)
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Transaction rejected in the wallet')
    await expect.element(dialog().getByText('Review the transaction')).toBeVisible()
    expect(await lamportsOf(wallet.address)).toBe(before)
  })

  it('checks the receiver with the WASM core: not base58, and a program-derived address (off the curve)', async () => {
    await openSend(2)
    await dialog().getByLabelText('Amount', { exact: true }).fill('1')
    await dialog().getByLabelText('To', { exact: true }).fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByText('This is not a Solana address: it has 32 to 44 base58 characters.')).toBeVisible()
    const [pda] = PublicKey.findProgramAddressSync([new TextEncoder().encode('portico')], new PublicKey(PUSD.mint))
    await dialog().getByLabelText('To', { exact: true }).fill(pda.toBase58())
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByText('This address belongs to a program, not a wallet: what is sent there may be lost.')).toBeVisible()
    await dialog().getByLabelText('Amount', { exact: true }).fill('5000')
    await dialog().getByLabelText('To', { exact: true }).fill(solana.accounts[4]!)
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByText('The balance cannot pay this amount and the fee.')).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})
