/** The dev Bitcoin wallets the browser tests use, by `seedLabel`: one per test file that spends. */
export const BITCOIN_SEED_LABELS = ['connect', 'send'] as const
export type BitcoinSeedLabel = (typeof BITCOIN_SEED_LABELS)[number]

/** The amounts each dev wallet holds at start, as separate UTXOs (satoshis). */
export const BITCOIN_FUNDING = [30_000_000n, 12_345_678n] as const
