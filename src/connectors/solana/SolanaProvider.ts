import type { SolanaSignAndSendTransactionFeature, SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import { PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import * as Base58 from '../../core/Base58'
import { init } from '../../core/wasm'
import { toWalletError, WalletError } from '../walletErrors'
import type { SolanaWalletChain } from './solanaChains'

import type { SolanaSendOptions, SolanaTransaction, SolanaWalletProvider } from './SolanaWalletProvider'

export type { SolanaSendOptions } from './SolanaWalletProvider'

/**
 * The connected Wallet Standard wallet the way Solana apps use a wallet (`window.solana` style):
 * `publicKey` (a web3.js `PublicKey`), `signMessage`, `signTransaction`, `signAllTransactions` and
 * `signAndSendTransaction`, each going to the wallet's `solana:*` feature on the app's chain.
 * `portico.getProvider('solana')` returns it while a Solana wallet is connected.
 *
 * @example
 * const provider = portico.getProvider('solana')!
 * const { signature } = await provider.signAndSendTransaction(transaction) // base58
 */
export class SolanaProvider implements SolanaWalletProvider {
  readonly publicKey: PublicKey
  readonly isConnected = true
  readonly wallet: Wallet
  readonly account: WalletAccount
  readonly chain: SolanaWalletChain

  constructor(wallet: Wallet, account: WalletAccount, chain: SolanaWalletChain) {
    this.wallet = wallet
    this.account = account
    this.chain = chain
    this.publicKey = new PublicKey(account.publicKey)
  }

  /** Signs `message` (bytes) with the account's key; the wallet shows it. */
  async signMessage(message: Uint8Array): Promise<{ signature: Uint8Array; publicKey: PublicKey }> {
    const sign = this.#feature<SolanaSignMessageFeature>('solana:signMessage')
    const [output] = await this.#ask(() => sign.signMessage({ account: this.account, message }))
    if (!output) throw new WalletError('The wallet returned no signature')
    return { signature: output.signature, publicKey: this.publicKey }
  }

  /** The transaction signed by the wallet (same kind as given); not sent. */
  async signTransaction<T extends SolanaTransaction>(transaction: T): Promise<T> {
    const [signed] = await this.signTransactionBytes([serialize(transaction)])
    return deserializeLike(transaction, signed!)
  }

  async signAllTransactions<T extends SolanaTransaction>(transactions: readonly T[]): Promise<T[]> {
    const signed = await this.signTransactionBytes(transactions.map(serialize))
    return transactions.map((transaction, index) => deserializeLike(transaction, signed[index]!))
  }

  /** Signs and sends through the wallet; resolves the signature in base58, as Solana apps expect. */
  async signAndSendTransaction(transaction: SolanaTransaction, options?: SolanaSendOptions): Promise<{ signature: string }> {
    const signature = await this.signAndSendBytes(serialize(transaction), options)
    await init()
    return { signature: Base58.encode(signature) }
  }

  /** Wire bytes in, signed wire bytes out (Portico's own send path). */
  async signTransactionBytes(transactions: readonly Uint8Array[]): Promise<Uint8Array[]> {
    const sign = this.#feature<SolanaSignTransactionFeature>('solana:signTransaction')
    const outputs = await this.#ask(() => sign.signTransaction(...transactions.map((transaction) => ({ account: this.account, chain: this.chain, transaction }))))
    return outputs.map((output) => output.signedTransaction)
  }

  /** Wire bytes in; the first signature (64 bytes) out once the wallet has sent it. */
  async signAndSendBytes(transaction: Uint8Array, options?: SolanaSendOptions): Promise<Uint8Array> {
    const send = this.#feature<SolanaSignAndSendTransactionFeature>('solana:signAndSendTransaction')
    const [output] = await this.#ask(() => send.signAndSendTransaction({ account: this.account, chain: this.chain, transaction, ...(options && { options }) }))
    if (!output) throw new WalletError('The wallet returned no signature')
    return output.signature
  }

  #feature<F extends Record<string, unknown>>(name: keyof F & string): F[keyof F] {
    const found = (this.wallet.features as Partial<F>)[name]
    if (!found) throw new WalletError('Not supported by the wallet', { code: 4200, details: `${this.wallet.name} has no ${name}.` })
    return found
  }

  async #ask<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request()
    } catch (error) {
      throw toWalletError(error, 'request')
    }
  }
}

function serialize(transaction: SolanaTransaction): Uint8Array {
  if (transaction instanceof VersionedTransaction) return transaction.serialize()
  return transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
}

/** A web3.js transaction of the same kind as `original`, from signed bytes. */
function deserializeLike<T extends SolanaTransaction>(original: T, bytes: Uint8Array): T {
  const signed: SolanaTransaction = original instanceof VersionedTransaction ? VersionedTransaction.deserialize(bytes) : Transaction.from(bytes)
  return signed as T
}
