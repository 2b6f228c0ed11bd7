import { VersionedMessage } from '@solana/web3.js'
import type { LocalLedger, TransactionRecord } from './LocalLedger'
import { encodeAccount, encodeTransactionRecord } from './rpcEncoding'
import { accountEncoding, decodeWireBytes, RpcParams } from './rpcParams'
import { RpcErrorCode, SolanaRpcError } from './SolanaRpcError'
import { decodeTokenAccount, isTokenAccount, TOKEN_PROGRAM, uiTokenAmount } from './splTokenAccounts'

/** What the methods need besides the ledger. */
export type RpcContext = { ledger: LocalLedger; genesisHash: string }

type Method = (params: RpcParams, raw: readonly unknown[], context: RpcContext) => unknown

/** The most `requestAirdrop` hands out at once (1 000 SOL), like a test validator's faucet limit. */
export const MAX_AIRDROP_LAMPORTS = 1_000_000_000_000n

const withContext = (ledger: LocalLedger, value: unknown) => ({ context: { apiVersion: '2.2.0', slot: ledger.slot }, value })

const signatureInfo = (record: TransactionRecord) => ({
  signature: record.signature,
  slot: record.slot,
  err: record.err,
  memo: null,
  blockTime: record.blockTime,
  confirmationStatus: 'finalized',
})

function account(params: RpcParams, index: number, { ledger }: RpcContext, config: Record<string, unknown>) {
  const address = params.pubkey(index, 'account address')
  const found = ledger.getAccount(address)
  return found ? encodeAccount(found, accountEncoding(config), (mint) => ledger.mintDecimals(mint)) : null
}

function decodeMessage(bytes: Uint8Array): VersionedMessage {
  try {
    return VersionedMessage.deserialize(bytes)
  } catch (error) {
    throw SolanaRpcError.invalidParams(`invalid message: failed to deserialize (${(error as Error).message})`)
  }
}

/**
 * The JSON-RPC methods of the local node, by name: what `@solana/web3.js` 1.x `Connection` calls
 * for balances, tokens, fees, sending, confirming and history. Commitment and `minContextSlot`
 * are accepted and ignored: everything processed is final at once.
 */
export const rpcMethods: Record<string, Method> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
  getGenesisHash: (_params, _raw, { genesisHash }) => genesisHash,
  getSlot: (_params, _raw, { ledger }) => ledger.slot,
  getBlockHeight: (_params, _raw, { ledger }) => ledger.slot,
  getEpochInfo: (_params, _raw, { ledger }) => ({ absoluteSlot: ledger.slot, blockHeight: ledger.slot, epoch: 0, slotIndex: ledger.slot, slotsInEpoch: 432_000, transactionCount: null }),
  getRecentPrioritizationFees: () => [],
  getMinimumBalanceForRentExemption: (params, _raw, { ledger }) => Number(ledger.svm.minimumBalanceForRentExemption(params.u64(0, 'data length'))),
  getLatestBlockhash: (params, _raw, { ledger }) => withContext(ledger, ledger.latestBlockhash()),
  isBlockhashValid: (params, _raw, { ledger }) => withContext(ledger, ledger.isBlockhashValid(params.string(0, 'blockhash'))),

  getBalance: (params, _raw, { ledger }) => withContext(ledger, Number(ledger.getBalance(params.pubkey(0)))),
  getAccountInfo: (params, _raw, context) => withContext(context.ledger, account(params.atMost(2), 0, context, params.config(1))),
  getMultipleAccounts: (params, _raw, context) => {
    const addresses = params.array(0, 'addresses')
    if (addresses.length > 100) throw SolanaRpcError.invalidParams(`Invalid params: at most 100 addresses, got ${addresses.length}`)
    const config = params.config(1)
    return withContext(context.ledger, addresses.map((_, index) => account(new RpcParams('getMultipleAccounts', addresses), index, context, config)))
  },
  getTokenAccountsByOwner: (params, _raw, { ledger }) => {
    const owner = params.pubkey(0, 'owner')
    const filter = params.object(1, 'filter')
    const filterParams = new RpcParams('getTokenAccountsByOwner', [filter.mint ?? filter.programId])
    let mint: string | undefined
    if ('mint' in filter) mint = filterParams.pubkey(0, 'mint')
    else if ('programId' in filter) {
      const program = filterParams.pubkey(0, 'programId')
      if (program !== TOKEN_PROGRAM) throw SolanaRpcError.invalidParams(`Invalid param: unrecognized Token program id ${program}`)
    } else throw SolanaRpcError.invalidParams('Invalid params: the filter must be { mint } or { programId }')
    const encoding = accountEncoding(params.config(2))
    const matches = ledger.getProgramAccounts(TOKEN_PROGRAM).filter(({ account: found }) => {
      if (!isTokenAccount(found)) return false
      const fields = decodeTokenAccount(found)
      return fields.owner === owner && (mint === undefined || fields.mint === mint)
    })
    return withContext(
      ledger,
      matches.map(({ pubkey, account: found }) => ({ pubkey, account: encodeAccount(found, encoding, (m) => ledger.mintDecimals(m)) })),
    )
  },
  getTokenAccountBalance: (params, _raw, { ledger }) => {
    const address = params.pubkey(0, 'token account')
    const found = ledger.getAccount(address)
    if (!found || !isTokenAccount(found)) throw SolanaRpcError.invalidParams(`Invalid param: not a Token account: ${address}`)
    const fields = decodeTokenAccount(found)
    return withContext(ledger, uiTokenAmount(fields.amount, ledger.mintDecimals(fields.mint)))
  },

  getFeeForMessage: (params, _raw, { ledger }) => {
    const message = decodeMessage(decodeWireBytes(params.string(0, 'message'), 'base64', 'the message'))
    return withContext(ledger, ledger.feeForMessage(message))
  },
  sendTransaction: (params, _raw, { ledger }) => {
    const config = params.atMost(2).config(1)
    const transaction = ledger.decodeTransaction(decodeWireBytes(params.string(0, 'transaction'), config.encoding ?? 'base58', 'the transaction'))
    return ledger.send(transaction, { skipPreflight: config.skipPreflight === true })
  },
  simulateTransaction: (params, _raw, { ledger }) => {
    const config = params.atMost(2).config(1)
    const transaction = ledger.decodeTransaction(decodeWireBytes(params.string(0, 'transaction'), config.encoding ?? 'base58', 'the transaction'))
    if (config.sigVerify === true && config.replaceRecentBlockhash === true) {
      throw SolanaRpcError.invalidParams('Invalid params: sigVerify may not be used with replaceRecentBlockhash')
    }
    const result = ledger.simulate(transaction, { sigVerify: config.sigVerify === true, replaceRecentBlockhash: config.replaceRecentBlockhash === true })
    let accounts: unknown = null
    if (config.accounts !== undefined) {
      const accountsConfig = new RpcParams('simulateTransaction', [config.accounts]).object(0, 'accounts')
      const addresses = new RpcParams('simulateTransaction', [accountsConfig.addresses]).array(0, 'accounts.addresses')
      const encoding = accountEncoding(accountsConfig)
      accounts = addresses.map((_, index) => {
        const address = new RpcParams('simulateTransaction', addresses).pubkey(index, 'accounts.addresses entry')
        const found = result.accounts.has(address) ? result.accounts.get(address)! : ledger.getAccount(address)
        return found ? encodeAccount(found, encoding, (mint) => ledger.mintDecimals(mint)) : null
      })
    }
    return withContext(ledger, { err: result.err, logs: result.logs, accounts, unitsConsumed: result.unitsConsumed, returnData: null, innerInstructions: null })
  },
  getSignatureStatuses: (params, _raw, { ledger }) => {
    const signatures = params.array(0, 'signatures')
    if (signatures.length > 256) throw SolanaRpcError.invalidParams(`Invalid params: at most 256 signatures, got ${signatures.length}`)
    return withContext(
      ledger,
      signatures.map((value) => {
        const record = ledger.getTransaction(params.signature(value))
        return record ? { slot: record.slot, confirmations: null, err: record.err, status: record.err === null ? { Ok: null } : { Err: record.err }, confirmationStatus: 'finalized' } : null
      }),
    )
  },
  requestAirdrop: (params, _raw, { ledger }) => {
    const address = params.pubkey(0, 'recipient')
    const lamports = params.u64(1, 'lamports')
    if (lamports === 0n || lamports > MAX_AIRDROP_LAMPORTS) {
      throw new SolanaRpcError(RpcErrorCode.internalError, `airdrop request failed: ${lamports} lamports is outside 1 … ${MAX_AIRDROP_LAMPORTS}`)
    }
    return ledger.airdrop(address, lamports)
  },
  getSignaturesForAddress: (params, _raw, { ledger }) => {
    const address = params.pubkey(0)
    const config = params.config(1)
    const limit = config.limit ?? 1000
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 1000) throw SolanaRpcError.invalidParams('Invalid limit; max 1000')
    const before = config.before === undefined ? undefined : params.signature(config.before, 'before')
    const until = config.until === undefined ? undefined : params.signature(config.until, 'until')
    return ledger.signaturesForAddress(address, { limit, before, until }).map(signatureInfo)
  },
  getTransaction: (params, raw, { ledger }) => {
    const signature = params.signature(raw[0])
    const config = params.config(1)
    const record = ledger.getTransaction(signature)
    return record ? encodeTransactionRecord(record, config.encoding, config.maxSupportedTransactionVersion) : null
  },
}
