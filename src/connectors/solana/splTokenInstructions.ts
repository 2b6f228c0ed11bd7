import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js'

/*
 * The two SPL instructions a token send needs, written against web3.js alone: `@solana/spl-token`
 * builds them with the global `Buffer`, which browsers do not have, and Portico does not put
 * polyfills into the host page. The layouts are the programs' own (Token: `TransferChecked` is
 * instruction 12 with a u64 amount and a u8 decimals; Associated Token: `CreateIdempotent` is 1).
 * The browser tests check the accounts against spl-token's own derivation (computed in Node).
 */

/** The SPL Token program. */
export const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
/** The Associated Token Account program. */
export const ASSOCIATED_TOKEN_PROGRAM_ID = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')

/** The associated token account of `owner` for `mint` (a program-derived address). */
export function associatedTokenAddress(mint: PublicKey, owner: PublicKey): PublicKey {
  return PublicKey.findProgramAddressSync([owner.toBytes(), TOKEN_PROGRAM_ID.toBytes(), mint.toBytes()], ASSOCIATED_TOKEN_PROGRAM_ID)[0]
}

/** Creates `owner`'s associated token account for `mint`, paid by `payer`; does nothing when it exists. */
export function createAssociatedTokenAccountIdempotent(payer: PublicKey, account: PublicKey, owner: PublicKey, mint: PublicKey): TransactionInstruction {
  return new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: account, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: TOKEN_PROGRAM_ID, isSigner: false, isWritable: false },
    ],
    data: Uint8Array.of(1) as never,
  })
}

/** Moves `amount` base units of `mint` from `source` to `destination`, signed by `owner`, checking `decimals`. */
export function transferChecked(source: PublicKey, mint: PublicKey, destination: PublicKey, owner: PublicKey, amount: bigint, decimals: number): TransactionInstruction {
  const data = new Uint8Array(10)
  const view = new DataView(data.buffer)
  data[0] = 12
  view.setBigUint64(1, amount, true)
  data[9] = decimals
  return new TransactionInstruction({
    programId: TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data: data as never,
  })
}
