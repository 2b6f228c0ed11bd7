import {
  createAssociatedTokenAccountInstruction,
  createInitializeMint2Instruction,
  createMintToCheckedInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import { Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, VersionedTransaction, type TransactionInstruction } from '@solana/web3.js'
import { DEV_SOLANA_FUNDING, DEV_SOLANA_TOKEN, devSolanaAccounts, devSolanaKeypair } from './devSolanaAccounts'
import type { LocalLedger } from './LocalLedger'

/** The seeded SPL token as `start()` reports it. */
export type SeededMint = { address: string; symbol: string; name: string; decimals: number; authority: string }

/** Token balances the seed leaves, in whole tokens, by dev account index. */
export const SEEDED_TOKEN_BALANCES: Readonly<Record<number, bigint>> = { 0: 975n, 1: 500n, 2: 25n, 4: 1_000_000n }

/** Builds, signs and processes one legacy transaction; throws when it fails. */
export function submit(ledger: LocalLedger, instructions: TransactionInstruction[], signers: Keypair[]): string {
  const transaction = new Transaction({ feePayer: signers[0]!.publicKey, recentBlockhash: ledger.latestBlockhash().blockhash }).add(...instructions)
  transaction.sign(...signers)
  const signature = ledger.send(VersionedTransaction.deserialize(transaction.serialize()))
  const record = ledger.getTransaction(signature)
  if (!record || record.err !== null) throw new Error(`seed transaction failed: ${JSON.stringify(record?.err ?? 'not processed')}`)
  return signature
}

/**
 * Seeds the ledger with real transactions: funds the dev accounts from the faucet, creates the
 * PUSD mint (account 4 is its authority) and associated token accounts with the SPL Token and
 * Associated Token programs, mints, and makes a SOL transfer (1 → 0, 1.5 SOL) and a token
 * transfer (0 → 2, 25 PUSD), so that account 0 has balances and history.
 */
export function seedLedger(ledger: LocalLedger): SeededMint {
  const accounts = devSolanaAccounts()
  for (const account of accounts) ledger.airdrop(account.publicKey.toBase58(), DEV_SOLANA_FUNDING)

  const authority = accounts[4]!
  const mint = devSolanaKeypair(DEV_SOLANA_TOKEN.label)
  const decimals = DEV_SOLANA_TOKEN.decimals
  const rent = Number(ledger.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE)))
  submit(
    ledger,
    [
      SystemProgram.createAccount({ fromPubkey: authority.publicKey, newAccountPubkey: mint.publicKey, lamports: rent, space: MINT_SIZE, programId: TOKEN_PROGRAM_ID }),
      createInitializeMint2Instruction(mint.publicKey, decimals, authority.publicKey, null),
    ],
    [authority, mint],
  )
  const unit = 10n ** BigInt(decimals)
  const minted: Record<number, bigint> = { 0: 1000n, 1: 500n, 2: 0n, 4: 1_000_000n }
  for (const [index, amount] of Object.entries(minted)) {
    const owner = accounts[Number(index)]!.publicKey
    const tokenAccount = getAssociatedTokenAddressSync(mint.publicKey, owner)
    const instructions = [createAssociatedTokenAccountInstruction(authority.publicKey, tokenAccount, owner, mint.publicKey)]
    if (amount > 0n) instructions.push(createMintToCheckedInstruction(mint.publicKey, tokenAccount, authority.publicKey, amount * unit, decimals))
    submit(ledger, instructions, [authority])
  }

  submit(ledger, [SystemProgram.transfer({ fromPubkey: accounts[1]!.publicKey, toPubkey: accounts[0]!.publicKey, lamports: 1.5 * LAMPORTS_PER_SOL })], [accounts[1]!])
  const from = getAssociatedTokenAddressSync(mint.publicKey, accounts[0]!.publicKey)
  const to = getAssociatedTokenAddressSync(mint.publicKey, accounts[2]!.publicKey)
  submit(ledger, [createTransferCheckedInstruction(from, mint.publicKey, to, accounts[0]!.publicKey, 25n * unit, decimals)], [accounts[0]!])

  return { address: mint.publicKey.toBase58(), symbol: DEV_SOLANA_TOKEN.symbol, name: DEV_SOLANA_TOKEN.name, decimals, authority: authority.publicKey.toBase58() }
}
