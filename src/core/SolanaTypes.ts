/** A compiled instruction: its program and accounts as indexes into the message's accounts. */
export type SolanaCompiledInstruction = {
  programIdIndex: number
  accounts: number[]
  data: Uint8Array
}

/** A version-0 message's lookup: which entries of an address table it loads. */
export type SolanaAddressTableLookup = {
  /** The table's address (base58). */
  accountKey: string
  writableIndexes: number[]
  readonlyIndexes: number[]
}

/**
 * A Solana message (what a wallet signs), legacy or version 0. Keys and the blockhash are base58;
 * indexes point into `accountKeys`, then into the accounts the lookups load (writable first).
 */
export type SolanaMessage = {
  version: 'legacy' | 0
  header: {
    numRequiredSignatures: number
    numReadonlySignedAccounts: number
    numReadonlyUnsignedAccounts: number
  }
  accountKeys: string[]
  recentBlockhash: string
  instructions: SolanaCompiledInstruction[]
  /** Always empty for a legacy message. */
  addressTableLookups: SolanaAddressTableLookup[]
}

/** A transaction: one 64-byte signature per required signer (all zeros where not signed yet). */
export type SolanaTransaction = {
  signatures: Uint8Array[]
  message: SolanaMessage
}

/**
 * An instruction in readable fields (addresses in base58, amounts in the smallest unit).
 * `unknown` is anything else, or a transfer whose accounts come from an address table.
 */
export type SolanaInstruction =
  | { kind: 'systemTransfer'; from: string; to: string; lamports: bigint }
  | { kind: 'splTransfer'; source: string; destination: string; authority: string; amount: bigint }
  | { kind: 'splTransferChecked'; source: string; mint: string; destination: string; authority: string; amount: bigint; decimals: number }
  | { kind: 'unknown'; programId: string; index: number }
