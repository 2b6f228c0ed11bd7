/** What an address pays to. */
export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'witnessUnknown'

/** An address as checked: its type and the output script it stands for. */
export type BitcoinAddress = { address: string; type: BitcoinAddressType; script: Uint8Array }

/** A key's BIP-32 origin: the key, its master fingerprint (as a number, big-endian) and its path
 * (hardened steps have the top bit set, `0x80000000 + n`). */
export type Bip32Derivation = { pubkey: Uint8Array; fingerprint: number; path: number[] }

/** An output being spent, or created: an amount in satoshis and its script. */
export type TxOutput = { amount: bigint; script: Uint8Array }

export type PsbtInput = {
  /** The previous transaction's id, as explorers show it (byte-reversed hex). */
  txid: string
  index: number
  sequence: number
  /** The spent output: from `non_witness_utxo` (its txid checked) or `witness_utxo`. */
  utxo: TxOutput | undefined
  hasWitnessUtxo: boolean
  hasNonWitnessUtxo: boolean
  sighashType: number | undefined
  finalScriptSig: Uint8Array | undefined
  finalScriptWitness: Uint8Array | undefined
  partialSigs: number
  hasTapKeySig: boolean
  bip32Derivation: Bip32Derivation[]
  tapBip32Derivation: Bip32Derivation[]
}

export type PsbtOutput = TxOutput & {
  /** The address of the script on the network asked for, when one stands for it. */
  address: string | undefined
  bip32Derivation: Bip32Derivation[]
  tapBip32Derivation: Bip32Derivation[]
}

/** A parsed PSBT, version 0 (BIP-174) or 2 (BIP-370). */
export type Psbt = {
  version: 0 | 2
  txVersion: number
  /** The transaction's locktime; `undefined` when the inputs require locktimes of different kinds. */
  lockTime: number | undefined
  txModifiable: number | undefined
  inputs: PsbtInput[]
  outputs: PsbtOutput[]
}

/** Why an approval panel should warn. */
export type PsbtWarning = 'sighashNone' | 'sighashSingle' | 'anyoneCanPay' | 'foreignInput'

/** What a PSBT does, for the visitor who owns the addresses given. */
export type PsbtDescription = {
  totalIn: bigint
  /** What leaves the visitor: the outputs that are not change. */
  sent: bigint
  change: bigint
  fee: bigint
  /** The signed transaction's weight: exact for finalized inputs, estimated for the others. */
  weight: number
  vsize: number
  /** Satoshis per virtual byte. */
  feeRate: number
  weightEstimated: boolean
  warnings: PsbtWarning[]
  lockTime: number
  inputs: { amount: bigint; mine: boolean; warnings: PsbtWarning[] }[]
  outputs: { amount: bigint; change: boolean; script: Uint8Array; address: string | undefined }[]
}

/** A parsed raw transaction. */
export type BitcoinTransaction = {
  txid: string
  version: number
  lockTime: number
  segwit: boolean
  weight: number
  inputs: { txid: string; index: number; sequence: number }[]
  outputs: (TxOutput & { address: string | undefined })[]
}
