import bs58 from 'bs58'
import type { TransactionRecord } from './LocalLedger'
import type { AccountEncoding } from './rpcParams'
import { RpcErrorCode, SolanaRpcError } from './SolanaRpcError'
import { parsedTokenData, type RawAccount } from './splTokenAccounts'

/** The rent epoch of rent-exempt accounts (u64::MAX), as the validator reports it. */
const RENT_EXEMPT_EPOCH = 18446744073709551615

/** An account as `getAccountInfo` answers it, in the asked encoding. */
export function encodeAccount(account: RawAccount, encoding: AccountEncoding, mintDecimals: (mint: string) => number) {
  const data =
    encoding === 'base58'
      ? [bs58.encode(account.data), 'base58']
      : encoding === 'jsonParsed'
        ? (parsedTokenData(account, mintDecimals) ?? [Buffer.from(account.data).toString('base64'), 'base64'])
        : [Buffer.from(account.data).toString('base64'), 'base64']
  return { data, executable: account.executable, lamports: Number(account.lamports), owner: account.owner, rentEpoch: RENT_EXEMPT_EPOCH, space: account.data.length }
}

/** A processed transaction as `getTransaction` answers it (`json` or `base64`). */
export function encodeTransactionRecord(record: TransactionRecord, encoding: unknown, maxSupportedTransactionVersion: unknown) {
  const message = record.transaction.message
  const version = message.version
  if (version === 0 && maxSupportedTransactionVersion === undefined) {
    throw new SolanaRpcError(
      RpcErrorCode.unsupportedTransactionVersion,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    )
  }
  if (encoding !== undefined && encoding !== 'json' && encoding !== 'base64' && encoding !== 'base58') {
    throw SolanaRpcError.invalidParams(`Invalid params: getTransaction encoding ${JSON.stringify(encoding)} is not supported by this local node; use "json", "base64" or "base58"`)
  }
  const transaction =
    encoding === 'base64'
      ? [Buffer.from(record.wire).toString('base64'), 'base64']
      : encoding === 'base58'
        ? [bs58.encode(record.wire), 'base58']
        : {
            signatures: record.transaction.signatures.map((signature) => bs58.encode(signature)),
            message: {
              accountKeys: record.accountKeys,
              header: message.header,
              recentBlockhash: message.recentBlockhash,
              instructions: message.compiledInstructions.map((instruction) => ({
                programIdIndex: instruction.programIdIndex,
                accounts: instruction.accountKeyIndexes,
                data: bs58.encode(instruction.data),
                stackHeight: null,
              })),
              ...(version === 0
                ? {
                    addressTableLookups: message.addressTableLookups.map((lookup) => ({
                      accountKey: lookup.accountKey.toBase58(),
                      writableIndexes: lookup.writableIndexes,
                      readonlyIndexes: lookup.readonlyIndexes,
                    })),
                  }
                : {}),
            },
          }
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    version: version === 'legacy' ? 'legacy' : version,
    transaction,
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      preTokenBalances: record.preTokenBalances,
      postTokenBalances: record.postTokenBalances,
      innerInstructions: [],
      logMessages: record.logs,
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: record.computeUnitsConsumed,
    },
  }
}
