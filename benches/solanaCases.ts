/**
 * Solana cases for `npm run bench`: Portico's WASM parse against @solana/web3.js on the same
 * bytes. web3.js gives `PublicKey` objects and base58 instruction data (legacy) where Portico
 * gives base58 strings and bytes, so the main cases convert web3.js's result into Portico's shape
 * (`fromWeb3`, the converter the differential tests use). The `(web3.js objects only)` cases leave
 * that out, which favours web3.js, and show how much of the gap is the parse itself.
 */
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction as Web3Transaction,
  TransactionMessage,
  VersionedMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { Address, Solana } from '../src/core/index'
import { fromWeb3 } from '../tests/support/web3Message'
import type { Case } from './compare'

const keypair = (n: number) => Keypair.fromSeed(new Uint8Array(32).fill(n))

export function solanaCases(): Case[] {
  const payer = keypair(1)
  const recipient = keypair(2).publicKey
  const mint = keypair(3).publicKey
  const recentBlockhash = new PublicKey(new Uint8Array(32).fill(9)).toBase58()

  // A wallet's everyday send: one signed SOL transfer (legacy).
  const legacy = new Web3Transaction({ feePayer: payer.publicKey, recentBlockhash })
  legacy.add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1_000_000n }))
  legacy.sign(payer)
  const legacyBytes = Uint8Array.from(legacy.serialize())

  // A token send as apps build them: compute budget, transferChecked, one address table (v0).
  const table = new AddressLookupTableAccount({
    key: keypair(7).publicKey,
    state: { deactivationSlot: 2n ** 64n - 1n, lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses: [keypair(8).publicKey, keypair(9).publicKey] },
  })
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash,
    instructions: [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1000 }),
      createTransferCheckedInstruction(getAssociatedTokenAddressSync(mint, payer.publicKey), mint, getAssociatedTokenAddressSync(mint, recipient), payer.publicKey, 5_000_000n, 6, [], undefined),
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: keypair(8).publicKey, lamports: 1n }),
    ],
  }).compileToV0Message([table])
  const v0 = new VersionedTransaction(message)
  v0.sign([payer])
  const v0Bytes = Uint8Array.from(v0.serialize())
  const v0Message = Uint8Array.from(message.serialize())

  const web3Transaction = (bytes: Uint8Array) => {
    const tx = VersionedTransaction.deserialize(bytes)
    return { signatures: tx.signatures, message: fromWeb3(tx.message) }
  }
  for (const bytes of [legacyBytes, v0Bytes]) {
    const ours = Solana.parseTransaction(bytes)
    if (JSON.stringify(ours.message, (_, v) => (v instanceof Uint8Array ? [...v] : v)) !== JSON.stringify(web3Transaction(bytes).message, (_, v) => (v instanceof Uint8Array ? [...v] : v))) {
      throw new Error('Portico and web3.js parse the bench transaction differently')
    }
  }
  const wallet = payer.publicKey.toBase58()
  const pda = getAssociatedTokenAddressSync(mint, payer.publicKey).toBase58()

  return [
    { title: `Solana.parseTransaction legacy transfer (${legacyBytes.length} B)`, target: 3, ours: () => Solana.parseTransaction(legacyBytes), otherName: 'web3.js deserialize', other: () => web3Transaction(legacyBytes) },
    { title: `Solana.parseTransaction v0 token send (${v0Bytes.length} B)`, target: 3, ours: () => Solana.parseTransaction(v0Bytes), otherName: 'web3.js deserialize', other: () => web3Transaction(v0Bytes) },
    { title: `Solana.parseMessage v0 token send (${v0Message.length} B)`, target: 3, ours: () => Solana.parseMessage(v0Message), otherName: 'web3.js deserialize', other: () => fromWeb3(VersionedMessage.deserialize(v0Message)) },
    { title: 'Solana.parseTransaction legacy (web3.js objects only)', target: 15, ours: () => Solana.parseTransaction(legacyBytes), otherName: 'web3.js deserialize', other: () => VersionedTransaction.deserialize(legacyBytes) },
    { title: 'Solana.parseTransaction v0 (web3.js objects only)', target: 15, ours: () => Solana.parseTransaction(v0Bytes), otherName: 'web3.js deserialize', other: () => VersionedTransaction.deserialize(v0Bytes) },
    { title: 'Address.isOnCurve wallet + PDA', ours: () => Address.isOnCurve(wallet) && Address.isOnCurve(pda), otherName: 'web3.js isOnCurve', other: () => PublicKey.isOnCurve(wallet) && PublicKey.isOnCurve(pda) },
  ]
}
