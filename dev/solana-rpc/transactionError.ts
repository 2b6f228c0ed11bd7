import type { FailedTransactionMetadata } from 'litesvm'

// Variant names of LiteSVM's fieldless error enums, in their numeric order (they mirror
// solana-sdk's `TransactionError` and `InstructionError`).
const transactionErrors = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks', 'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData', 'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit', 'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const

const instructionErrors = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall', 'InsufficientFunds',
  'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized', 'UninitializedAccount', 'UnbalancedInstruction',
  'ModifiedProgramId', 'ExternalAccountLamportSpend', 'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified',
  'DuplicateAccountIndex', 'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged',
  'AccountNotExecutable', 'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId', 'CallDepth',
  'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded',
  'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable',
  'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] as const

/** A transaction error as Solana's JSON-RPC encodes it: `"BlockhashNotFound"`, `{ InstructionError: [0, { Custom: 1 }] }`… */
export type TransactionErrorJson = string | Record<string, unknown>

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>
type InstructionErrorValue = number | { code: number } | { msg: string }

function instructionErrorJson(error: InstructionErrorValue): unknown {
  if (typeof error === 'number') return instructionErrors[error] ?? `InstructionError${error}`
  if ('code' in error) return { Custom: error.code }
  return { BorshIoError: error.msg }
}

/** Turns LiteSVM's error value into the JSON form `getSignatureStatuses`, `simulateTransaction` and `getTransaction` answer with. */
export function transactionErrorJson(error: LiteSvmError): TransactionErrorJson {
  if (typeof error === 'number') return transactionErrors[error] ?? `TransactionError${error}`
  const name = error.constructor.name
  if ('err' in error && typeof error.err === 'function') return { InstructionError: [error.index, instructionErrorJson(error.err() as InstructionErrorValue)] }
  if ('index' in error) return { DuplicateInstruction: error.index }
  if (name.includes('ProgramExecutionTemporarilyRestricted')) return { ProgramExecutionTemporarilyRestricted: { account_index: error.accountIndex } }
  return { InsufficientFundsForRent: { account_index: error.accountIndex } }
}

/** A sentence for a transaction error, as in the validator's preflight messages. */
export function describeTransactionError(error: TransactionErrorJson): string {
  if (typeof error === 'string') {
    const sentences: Record<string, string> = {
      BlockhashNotFound: 'Blockhash not found',
      AlreadyProcessed: 'This transaction has already been processed',
      AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
      InsufficientFundsForFee: 'Insufficient funds for fee',
      SignatureFailure: 'Transaction did not pass signature verification',
    }
    return sentences[error] ?? error
  }
  const instruction = error.InstructionError as [number, unknown] | undefined
  if (instruction) {
    const [index, inner] = instruction
    const detail =
      typeof inner === 'string'
        ? inner
        : inner && typeof inner === 'object' && 'Custom' in inner
          ? `custom program error: 0x${(inner.Custom as number).toString(16)}`
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${detail}`
  }
  return JSON.stringify(error)
}
