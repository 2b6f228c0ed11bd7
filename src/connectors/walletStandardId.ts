import type { Wallet } from '@wallet-standard/base'

/**
 * The connector id of a Wallet Standard wallet, whatever chains it serves (Solana, Bitcoin): one
 * wallet that serves both is one connector id.
 *
 * @example
 * walletStandardId({ name: 'Phantom' })   // 'wallet-standard:Phantom'
 */
export const walletStandardId = (wallet: Pick<Wallet, 'name'>) => `wallet-standard:${wallet.name}`
