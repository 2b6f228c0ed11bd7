import { Keypair } from '@solana/web3.js'
import { sha256 } from '@noble/hashes/sha2.js'

/**
 * The seed of a dev keypair: SHA-256 of the UTF-8 text `portico dev solana {label}`. The keys are
 * public by construction; never send real funds to them.
 */
export function devSolanaSeed(label: string): Uint8Array {
  return sha256(new TextEncoder().encode(`portico dev solana ${label}`))
}

/** The keypair whose 32-byte ed25519 seed is {@link devSolanaSeed}(label). */
export function devSolanaKeypair(label: string): Keypair {
  return Keypair.fromSeed(devSolanaSeed(label))
}

/** How many funded dev accounts the local runtime holds (labels `account 0` … `account 4`). */
export const DEV_SOLANA_ACCOUNT_COUNT = 5

/** SOL each dev account is funded with, in lamports (1 000 SOL). */
export const DEV_SOLANA_FUNDING = 1_000_000_000_000n

/** The funded dev keypairs, `account 0` first. */
export function devSolanaAccounts(): Keypair[] {
  return Array.from({ length: DEV_SOLANA_ACCOUNT_COUNT }, (_, index) => devSolanaKeypair(`account ${index}`))
}

/** The seeded SPL token: mint keypair label, symbol and decimals. Its mint authority is `account 4`. */
export const DEV_SOLANA_TOKEN = { label: 'mint PUSD', symbol: 'PUSD', name: 'Portico USD', decimals: 6 } as const

/** The Wallet Standard chain id the dev wallet and the RPC use for this cluster. */
export const SOLANA_LOCALNET_CHAIN = 'solana:localnet'
