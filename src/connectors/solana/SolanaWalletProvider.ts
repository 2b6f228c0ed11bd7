/**
 * The public shape of `portico.getProvider('solana')`, in types of its own: `@solana/web3.js`'s
 * declarations need Node's (`http`, `https`), so an app type-checked without `@types/node` could
 * not compile against Portico if these types named web3.js's classes. web3.js 1.x's `PublicKey`,
 * `Transaction` and `VersionedTransaction` fit them as they are.
 */

/** A public key; at run time a web3.js `PublicKey`. */
export type SolanaPublicKey = { toBase58(): string; toBytes(): Uint8Array; toString(): string }

/** A legacy or v0 transaction as web3.js 1.x builds them: something that serializes to wire bytes. */
export type SolanaTransaction = { serialize(config?: any): Uint8Array }

export type SolanaSendOptions = { skipPreflight?: boolean; maxRetries?: number; minContextSlot?: number; preflightCommitment?: 'processed' | 'confirmed' | 'finalized' }

/**
 * A connected Solana wallet the way Solana apps use one (`window.solana` style).
 *
 * @example
 * const provider = portico.getProvider('solana')!
 * const { signature } = await provider.signAndSendTransaction(transaction) // base58
 */
export interface SolanaWalletProvider {
  readonly publicKey: SolanaPublicKey
  readonly isConnected: boolean
  /** Signs `message` (bytes) with the account's key; the wallet shows it. */
  signMessage(message: Uint8Array): Promise<{ signature: Uint8Array; publicKey: SolanaPublicKey }>
  /** The transaction signed by the wallet (same kind as given); not sent. */
  signTransaction<T extends SolanaTransaction>(transaction: T): Promise<T>
  signAllTransactions<T extends SolanaTransaction>(transactions: readonly T[]): Promise<T[]>
  /** Signs and sends through the wallet; resolves the signature in base58. */
  signAndSendTransaction(transaction: SolanaTransaction, options?: SolanaSendOptions): Promise<{ signature: string }>
  /** Wire bytes in, signed wire bytes out (Portico's own send path). */
  signTransactionBytes(transactions: readonly Uint8Array[]): Promise<Uint8Array[]>
  /** Wire bytes in; the first signature (64 bytes) out once the wallet has sent it. */
  signAndSendBytes(transaction: Uint8Array, options?: SolanaSendOptions): Promise<Uint8Array>
}
