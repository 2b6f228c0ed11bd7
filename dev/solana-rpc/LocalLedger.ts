import { getTransactionDecoder, address as toAddress } from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { PublicKey, SystemProgram, Transaction, VersionedTransaction, type Keypair, type VersionedMessage } from '@solana/web3.js'
import bs58 from 'bs58'
import { RpcErrorCode, SolanaRpcError } from './SolanaRpcError'
import { decodeMint, decodeTokenAccount, isMintAccount, isTokenAccount, uiTokenAmount, type RawAccount, type UiTokenAmount } from './splTokenAccounts'
import { describeTransactionError, transactionErrorJson, type TransactionErrorJson } from './transactionError'

/** Lamports per signature, as on the public clusters. */
export const LAMPORTS_PER_SIGNATURE = 5000
/** How many block heights a blockhash stays valid (the validator's MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALIDITY = 150
/** The largest serialized transaction the runtime accepts (IPv6 MTU minus headers). */
export const MAX_TRANSACTION_SIZE = 1232

/** Lamports the faucet starts with (one billion SOL). */
export const FAUCET_LAMPORTS = 1_000_000_000_000_000_000n

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'

/** A token balance of one account key, as in a transaction's `meta.preTokenBalances`. */
export type TokenBalance = { accountIndex: number; mint: string; owner: string; programId: string; uiTokenAmount: UiTokenAmount }

/** What the ledger remembers of a processed transaction. */
export type TransactionRecord = {
  signature: string
  slot: number
  blockTime: number
  err: TransactionErrorJson | null
  fee: number
  transaction: VersionedTransaction
  wire: Uint8Array
  accountKeys: string[]
  preBalances: number[]
  postBalances: number[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  logs: string[]
  computeUnitsConsumed: number
}

/** The outcome of a simulation, in the RPC's shape. */
export type SimulationResult = {
  err: TransactionErrorJson | null
  logs: string[]
  unitsConsumed: number
  accounts: Map<string, RawAccount | null>
}

/**
 * The local cluster's state: an in-process LiteSVM plus what a JSON-RPC node keeps around it —
 * slots, a fresh blockhash per slot of which the last {@link BLOCKHASH_VALIDITY} are accepted,
 * and the history of processed transactions by signature and by address.
 */
export class LocalLedger {
  readonly svm: LiteSVM
  private height = 1
  private readonly blockhashes = new Map<string, number>() // blockhash → last valid block height
  private readonly history: TransactionRecord[] = []
  private readonly bySignature = new Map<string, TransactionRecord>()
  private readonly listeners = new Set<(record: TransactionRecord) => void>()
  private readonly decoder = getTransactionDecoder()

  constructor(private readonly faucet: Keypair) {
    // The blockhash age is checked here (LiteSVM accepts only its latest one); signatures and
    // duplicates are still checked by LiteSVM.
    this.svm = new LiteSVM().withBlockhashCheck(false)
    this.svm.warpToSlot(BigInt(this.height))
    this.blockhashes.set(this.svm.latestBlockhash(), this.height + BLOCKHASH_VALIDITY)
    this.svm.setAccount({
      address: toAddress(faucet.publicKey.toBase58()),
      lamports: FAUCET_LAMPORTS as never,
      data: new Uint8Array(),
      programAddress: toAddress(SystemProgram.programId.toBase58()),
      executable: false,
      space: 0n,
    })
  }

  /** The current slot; every processed transaction gets a slot of its own. */
  get slot(): number {
    return this.height
  }

  /** The newest blockhash and the last block height at which it is accepted. */
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    const blockhash = this.svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: this.blockhashes.get(blockhash)! }
  }

  /** Whether a transaction with this recent blockhash would still be accepted. */
  isBlockhashValid(blockhash: string): boolean {
    const lastValid = this.blockhashes.get(blockhash)
    return lastValid !== undefined && lastValid >= this.height
  }

  /** An account's lamports, data, owner and executable flag, or `null` when it does not exist. */
  getAccount(address: string): RawAccount | null {
    const account = this.svm.getAccount(toAddress(address))
    if (!account.exists) return null
    return fromKit(account)
  }

  getBalance(address: string): bigint {
    return BigInt(this.svm.getBalance(toAddress(address)) ?? 0n)
  }

  /** Every account owned by `program`, with its address. */
  getProgramAccounts(program: string): Array<{ pubkey: string; account: RawAccount }> {
    return this.svm.getProgramAccounts(toAddress(program)).map((account) => ({
      pubkey: account.address,
      account: fromKit(account),
    }))
  }

  /** The decimals of a mint (0 when the mint is unknown). */
  mintDecimals(mint: string): number {
    const account = this.getAccount(mint)
    return account && isMintAccount(account) ? decodeMint(account).decimals : 0
  }

  /**
   * The fee the runtime charges for `message`: 5 000 lamports per required signature plus the
   * priority fee of its compute-budget instructions; `null` when its blockhash has expired.
   */
  feeForMessage(message: VersionedMessage): number | null {
    if (!this.isBlockhashValid(message.recentBlockhash)) return null
    return message.header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE + priorityFee(message)
  }

  /** Decodes wire bytes into a transaction, or throws `-32602` naming what is wrong. */
  decodeTransaction(bytes: Uint8Array): VersionedTransaction {
    if (bytes.length > MAX_TRANSACTION_SIZE) {
      throw SolanaRpcError.invalidParams(`invalid transaction: ${bytes.length} bytes is more than the ${MAX_TRANSACTION_SIZE} a transaction may have`)
    }
    let transaction: VersionedTransaction
    try {
      transaction = VersionedTransaction.deserialize(bytes)
    } catch (error) {
      throw SolanaRpcError.invalidParams(`invalid transaction: failed to deserialize (${(error as Error).message})`)
    }
    const length = transaction.serialize().length
    if (length !== bytes.length) throw SolanaRpcError.invalidParams(`invalid transaction: ${bytes.length - length} trailing bytes after the transaction`)
    if (transaction.signatures.length !== transaction.message.header.numRequiredSignatures) {
      throw SolanaRpcError.invalidParams(
        `invalid transaction: ${transaction.signatures.length} signatures for ${transaction.message.header.numRequiredSignatures} required signers`,
      )
    }
    return transaction
  }

  /**
   * Runs a transaction without keeping its effects. `sigVerify: false` skips signature checks;
   * `replaceRecentBlockhash` swaps in the latest blockhash first (then signatures cannot verify).
   */
  simulate(transaction: VersionedTransaction, options: { sigVerify?: boolean; replaceRecentBlockhash?: boolean } = {}): SimulationResult {
    if (options.replaceRecentBlockhash) transaction.message.recentBlockhash = this.svm.latestBlockhash()
    const blockhashError = this.checkBlockhash(transaction)
    if (blockhashError) return { err: blockhashError, logs: [], unitsConsumed: 0, accounts: new Map() }
    const sigVerify = options.sigVerify ?? true
    if (!sigVerify) this.svm.withSigverify(false)
    try {
      const result = this.svm.simulateTransaction(this.toKitTransaction(transaction, sigVerify))
      if (result instanceof FailedTransactionMetadata) {
        const meta = result.meta()
        return { err: transactionErrorJson(result.err()), logs: meta.logs(), unitsConsumed: Number(meta.computeUnitsConsumed()), accounts: new Map() }
      }
      const accounts = new Map<string, RawAccount | null>()
      for (const account of result.postAccounts()) {
        accounts.set(account.address, fromKit(account))
      }
      const meta = result.meta()
      return { err: null, logs: meta.logs(), unitsConsumed: Number(meta.computeUnitsConsumed()), accounts }
    } finally {
      if (!sigVerify) this.svm.withSigverify(true)
    }
  }

  /**
   * Processes a signed transaction. With preflight (the default) a failing simulation is
   * refused with `-32002` and nothing is charged; without it a transaction that fails in a
   * program is still recorded, with its error, and pays its fee. Returns the signature.
   */
  send(transaction: VersionedTransaction, options: { skipPreflight?: boolean } = {}): string {
    const signature = bs58.encode(transaction.signatures[0]!)
    if (!options.skipPreflight) {
      const preflight = this.simulate(transaction)
      if (preflight.err !== null) {
        const code = preflight.err === 'SignatureFailure' ? RpcErrorCode.transactionSignatureVerificationFailure : RpcErrorCode.sendTransactionPreflightFailure
        const message =
          code === RpcErrorCode.transactionSignatureVerificationFailure
            ? 'Transaction signature verification failure'
            : `Transaction simulation failed: ${describeTransactionError(preflight.err)}`
        throw new SolanaRpcError(code, message, { err: preflight.err, logs: preflight.logs, accounts: null, unitsConsumed: preflight.unitsConsumed, returnData: null })
      }
    }
    if (this.checkBlockhash(transaction)) return signature // never lands, as on a cluster
    const accountKeys = transaction.message.staticAccountKeys.map((key) => key.toBase58())
    const before = this.snapshot(accountKeys)
    const result = this.svm.sendTransaction(this.toKitTransaction(transaction, true))
    const after = this.snapshot(accountKeys)
    // Errors before execution (bad signature, duplicate, no funds for the fee) leave no trace;
    // a transaction whose fee was taken is part of the ledger, failed or not.
    if (before.balances[0] === after.balances[0]) return signature
    const failed = result instanceof FailedTransactionMetadata
    const meta = failed ? result.meta() : result
    this.record({
      signature,
      err: failed ? transactionErrorJson(result.err()) : null,
      fee: this.feeForMessage(transaction.message) ?? 0,
      transaction,
      wire: transaction.serialize(),
      accountKeys,
      preBalances: before.balances,
      postBalances: after.balances,
      preTokenBalances: before.tokens,
      postTokenBalances: after.tokens,
      logs: meta.logs(),
      computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
    })
    return signature
  }

  /**
   * Credits lamports with a real System Program transfer from the faucet account (funded with
   * {@link FAUCET_LAMPORTS} when the ledger is made), so an airdrop has a signature, a slot and a
   * transaction like any other. Returns the signature.
   */
  airdrop(address: string, lamports: bigint): string {
    const { blockhash } = this.latestBlockhash()
    const transaction = new Transaction({ feePayer: this.faucet.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: this.faucet.publicKey, toPubkey: new PublicKey(address), lamports }),
    )
    transaction.sign(this.faucet)
    const signature = this.send(VersionedTransaction.deserialize(transaction.serialize()))
    if (this.bySignature.get(signature)?.err !== null) throw new SolanaRpcError(RpcErrorCode.internalError, `airdrop of ${lamports} lamports to ${address} failed`)
    return signature
  }

  getTransaction(signature: string): TransactionRecord | undefined {
    return this.bySignature.get(signature)
  }

  /** Transactions that touch `address`, newest first, paged by `before` / `until` signatures. */
  signaturesForAddress(address: string, options: { limit?: number; before?: string; until?: string } = {}): TransactionRecord[] {
    const limit = options.limit ?? 1000
    const found: TransactionRecord[] = []
    let started = options.before === undefined
    for (let index = this.history.length - 1; index >= 0 && found.length < limit; index--) {
      const record = this.history[index]!
      if (!started) {
        if (record.signature === options.before) started = true
        continue
      }
      if (record.signature === options.until) break
      if (record.accountKeys.includes(address)) found.push(record)
    }
    return found
  }

  /** Calls `listener` after every processed transaction; returns the unsubscribe function. */
  onProcessed(listener: (record: TransactionRecord) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private record(fields: Omit<TransactionRecord, 'slot' | 'blockTime'>): void {
    const record: TransactionRecord = { ...fields, slot: this.height, blockTime: Math.floor(Date.now() / 1000) }
    this.history.push(record)
    this.bySignature.set(record.signature, record)
    // The next slot, with a new blockhash; older ones stay valid for BLOCKHASH_VALIDITY blocks.
    this.height += 1
    this.svm.warpToSlot(BigInt(this.height))
    this.svm.expireBlockhash()
    this.blockhashes.set(this.svm.latestBlockhash(), this.height + BLOCKHASH_VALIDITY)
    for (const [blockhash, lastValid] of this.blockhashes) if (lastValid < this.height) this.blockhashes.delete(blockhash)
    for (const listener of this.listeners) listener(record)
  }

  private checkBlockhash(transaction: VersionedTransaction): TransactionErrorJson | null {
    return this.isBlockhashValid(transaction.message.recentBlockhash) ? null : 'BlockhashNotFound'
  }

  private toKitTransaction(transaction: VersionedTransaction, requireSignatures: boolean) {
    const kitTransaction = this.decoder.decode(transaction.serialize())
    if (requireSignatures && Object.values(kitTransaction.signatures).some((signature) => signature === null)) {
      throw new SolanaRpcError(RpcErrorCode.transactionSignatureVerificationFailure, 'Transaction signature verification failure: a required signature is missing')
    }
    return kitTransaction as Parameters<LiteSVM['sendTransaction']>[0]
  }

  private snapshot(keys: string[]): { balances: number[]; tokens: TokenBalance[] } {
    const balances: number[] = []
    const tokens: TokenBalance[] = []
    keys.forEach((key, accountIndex) => {
      const account = this.getAccount(key)
      balances.push(Number(account?.lamports ?? 0n))
      if (account && isTokenAccount(account)) {
        const fields = decodeTokenAccount(account)
        tokens.push({ accountIndex, mint: fields.mint, owner: fields.owner, programId: account.owner, uiTokenAmount: uiTokenAmount(fields.amount, this.mintDecimals(fields.mint)) })
      }
    })
    return { balances, tokens }
  }
}

/** The priority fee of a message: ceil(unit price × unit limit / 10⁶) from its compute-budget instructions. */
function priorityFee(message: VersionedMessage): number {
  const keys = message.staticAccountKeys.map((key) => key.toBase58())
  let price = 0n
  let limit: bigint | undefined
  let otherInstructions = 0
  for (const instruction of message.compiledInstructions) {
    const data = instruction.data
    if (keys[instruction.programIdIndex] !== COMPUTE_BUDGET_PROGRAM) {
      otherInstructions += 1
      continue
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true))
    if (data[0] === 3 && data.length >= 9) price = view.getBigUint64(1, true)
  }
  if (price === 0n) return 0
  const units = limit ?? BigInt(Math.min(1_400_000, 200_000 * otherInstructions))
  return Number((price * units + 999_999n) / 1_000_000n)
}

function fromKit(account: { lamports: bigint; data: ArrayLike<number>; programAddress: string; executable: boolean }): RawAccount {
  return { lamports: BigInt(account.lamports), data: Uint8Array.from(account.data), owner: account.programAddress, executable: account.executable }
}
