import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Keypair, type TransactionInstruction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { associatedTokenAddress, createAssociatedTokenAccountIdempotent, transferChecked } from './splTokenInstructions'

const plain = (instruction: TransactionInstruction) => ({
  programId: instruction.programId.toBase58(),
  keys: instruction.keys.map((key) => ({ ...key, pubkey: key.pubkey.toBase58() })),
  data: [...instruction.data],
})

describe('SPL instructions without @solana/spl-token', () => {
  it('equal what spl-token builds, for random keys and amounts', () => {
    for (let i = 0; i < 50; i++) {
      const [payer, owner, mint, source] = [Keypair.generate(), Keypair.generate(), Keypair.generate(), Keypair.generate()].map((k) => k.publicKey) as [never, never, never, never]
      const amount = BigInt(Math.floor(Math.random() * 2 ** 53)) * BigInt(1 + (i % 2047))
      const decimals = i % 10
      expect(associatedTokenAddress(mint, owner).toBase58()).toBe(getAssociatedTokenAddressSync(mint, owner).toBase58())
      const account = associatedTokenAddress(mint, owner)
      expect(plain(createAssociatedTokenAccountIdempotent(payer, account, owner, mint))).toEqual(plain(createAssociatedTokenAccountIdempotentInstruction(payer, account, owner, mint)))
      expect(plain(transferChecked(source, mint, account, payer, amount, decimals))).toEqual(plain(createTransferCheckedInstruction(source, mint, account, payer, amount, decimals)))
    }
  })
})
