import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'
import type { TestProject } from 'vitest/node'
import { start } from '../../dev/solana-rpc/start'

/** The local Solana cluster as the browser tests see it. */
export type SolanaStack = {
  url: string
  wsUrl: string
  /** CAIP-2 id of the cluster (`solana:` + the first 32 characters of its genesis hash). */
  caip2: string
  /** The funded dev accounts (base58), `account 0` first. */
  accounts: readonly string[]
  /** The seeded SPL token (PUSD, 6 decimals). */
  mint: { address: string; symbol: string; name: string; decimals: number }
  /** Each dev account's associated token account for the mint, derived by `@solana/spl-token` (in Node). */
  tokenAccounts: readonly string[]
}

declare module 'vitest' {
  export interface ProvidedContext {
    solanaStack: SolanaStack
  }
}

/**
 * Vitest global setup of the browser project: the seeded local Solana RPC (dev/solana-rpc) on a
 * free loopback port, for `tests/browser/solana*` (`inject('solanaStack')`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const solana = await start()
  if (!solana.mint) throw new Error('The seeded Solana node has no mint')
  const { address, symbol, name, decimals } = solana.mint
  const tokenAccounts = solana.accounts.map((owner) => getAssociatedTokenAddressSync(new PublicKey(address), new PublicKey(owner)).toBase58())
  project.provide('solanaStack', { url: solana.url, wsUrl: solana.wsUrl, caip2: solana.caip2, accounts: solana.accounts, mint: { address, symbol, name, decimals }, tokenAccounts })
  return () => solana.stop()
}
