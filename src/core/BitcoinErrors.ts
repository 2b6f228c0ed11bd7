import { BaseError } from './BaseError'
import { show } from './show'

/** The networks a Bitcoin address or PSBT is checked against. */
export type BitcoinNetwork = 'mainnet' | 'testnet' | 'signet' | 'regtest'

/** Where in a PSBT an error is: the whole, the global map, an input or an output map. */
export type PsbtScope = 'psbt' | 'global' | 'input' | 'output'

/** Any Bitcoin address, transaction or PSBT that Portico refuses. `code` is the core's variant
 * name (`BitcoinPsbtDuplicateKey`), stable across releases. */
export class BitcoinError extends BaseError {
  override name = 'Bitcoin.BitcoinError'
  readonly code: string
  constructor(shortMessage: string, code: string) {
    super(shortMessage)
    this.code = code
  }
}

/** Why an address is not one, by the core's variant name. */
const ADDRESS_REASONS: Record<string, string> = {
  BitcoinAddressUnknownFormat: 'it is neither base58check nor bech32 with a Bitcoin prefix (bc, tb, bcrt)',
  BitcoinAddressInvalidCharacter: 'it has a character outside its alphabet',
  BitcoinAddressMixedCase: 'it mixes upper and lower case',
  BitcoinAddressBadChecksum: 'its checksum does not match (a typo?)',
  BitcoinAddressUnknownVersion: 'its version byte is neither P2PKH nor P2SH',
  BitcoinAddressInvalidLength: 'it has the wrong length',
  BitcoinAddressInvalidWitnessVersion: 'its witness version is above 16',
  BitcoinAddressInvalidProgramLength: 'its witness program has the wrong length',
  BitcoinAddressWrongEncoding: 'segwit v0 must use bech32 and v1+ bech32m',
  BitcoinAddressInvalidPadding: 'its data has invalid padding',
}

/** Whether `code` is an address variant other than the wrong network. */
export const isAddressReason = (code: string): boolean => code in ADDRESS_REASONS

/** Not a Bitcoin address at all; `code` says why. */
export class InvalidAddressError extends BitcoinError {
  override name = 'Bitcoin.InvalidAddressError'
  readonly address: string
  constructor(address: unknown, code: string) {
    super(`Invalid Bitcoin address "${show(address, 100)}": ${ADDRESS_REASONS[code] ?? code}.`, code)
    this.address = String(address)
  }
}

/** A valid address of another network. */
export class WrongNetworkError extends BitcoinError {
  override name = 'Bitcoin.WrongNetworkError'
  readonly address: string
  readonly network: BitcoinNetwork
  constructor(address: string, network: BitcoinNetwork) {
    super(`Bitcoin address "${show(address, 100)}" belongs to another network, not ${network}.`, 'BitcoinAddressWrongNetwork')
    this.address = address
    this.network = network
  }
}

const PSBT_REASONS: Record<string, string> = {
  BitcoinPsbtInvalidMagic: 'it does not start with the PSBT magic bytes',
  BitcoinPsbtTruncated: 'it ends before its last map is complete',
  BitcoinPsbtTrailingBytes: 'it has bytes after its last map',
  BitcoinPsbtDuplicateKey: 'a key appears twice (BIP-174 forbids it)',
  BitcoinPsbtInvalidKey: 'a key has the wrong length for its type',
  BitcoinPsbtInvalidValue: 'a value has the wrong size or form for its type',
  BitcoinPsbtUnsupportedVersion: 'its version is not 0 or 2',
  BitcoinPsbtMissingField: 'a field its version requires is missing',
  BitcoinPsbtFieldNotAllowed: 'it has a field its version does not allow',
  BitcoinPsbtUnsignedTxHasScripts: 'its unsigned transaction has a scriptSig or witness',
  BitcoinPsbtCountMismatch: 'its maps do not match the transaction’s inputs and outputs',
  BitcoinPsbtUtxoTxidMismatch: 'a non-witness UTXO is not the transaction the input spends',
  BitcoinPsbtUtxoIndexOutOfRange: 'an input spends an output its previous transaction does not have',
  BitcoinPsbtUtxoMismatch: 'a witness UTXO differs from the non-witness UTXO’s output',
  BitcoinPsbtInvalidLocktime: 'a required locktime is out of range for its kind',
  BitcoinPsbtLocktimeConflict: 'its inputs require locktimes of different kinds',
  BitcoinPsbtMissingUtxo: 'an input has no UTXO, so its amount (and the fee) is unknown',
  BitcoinPsbtNegativeFee: 'its outputs spend more than its inputs',
  BitcoinTxTruncated: 'a transaction in it ends before it is complete',
  BitcoinTxTrailingBytes: 'a transaction in it has bytes after its end',
  BitcoinTxNonCanonicalCompactSize: 'a length is not in its shortest form',
  BitcoinTxTooLarge: 'a length or count is larger than 32 MB',
  BitcoinTxInvalidSegwitFlag: 'a transaction has a segwit flag other than 1',
  BitcoinTxSuperfluousWitness: 'a transaction has a segwit marker but no witness',
  BitcoinTxAmountTooLarge: 'an amount is larger than 21 million BTC',
}

/** Every core variant the PSBT and transaction classes cover. */
export const isPsbtReason = (code: string): boolean => code in PSBT_REASONS

/** Where a PSBT error is, as text. */
function where(scope: PsbtScope, index: number, keyType: number | undefined): string {
  const map = scope === 'input' ? `input ${index}` : scope === 'output' ? `output ${index}` : scope === 'global' ? 'the global map' : 'the PSBT'
  return keyType === undefined ? map : `${map}, key type 0x${keyType.toString(16).padStart(2, '0')}`
}

/** A PSBT that does not parse, or cannot be described: which rule, in which map, at which byte. */
export class InvalidPsbtError extends BitcoinError {
  override name = 'Bitcoin.InvalidPsbtError'
  readonly scope: PsbtScope
  /** The input or output index (0 for the global map). */
  readonly index: number
  /** The key type being read, when the error is about one field. */
  readonly keyType: number | undefined
  /** The byte offset in the PSBT. */
  readonly at: number
  constructor(code: string, place: { scope: PsbtScope; index: number; keyType: number | undefined; at: number }) {
    super(`Invalid PSBT: ${PSBT_REASONS[code] ?? code} (${where(place.scope, place.index, place.keyType)}, byte ${place.at}).`, code)
    ;({ scope: this.scope, index: this.index, keyType: this.keyType, at: this.at } = place)
  }
}

/** A raw transaction that does not parse. */
export class InvalidTransactionError extends BitcoinError {
  override name = 'Bitcoin.InvalidTransactionError'
  readonly at: number
  constructor(code: string, at: number) {
    super(`Invalid Bitcoin transaction: ${(PSBT_REASONS[code] ?? code).replace('a transaction in it', 'it').replace('a transaction has', 'it has')} (byte ${at}).`, code)
    this.at = at
  }
}

/** A value that is not what a Bitcoin function takes (not bytes, not base64, not a known network). */
export class InvalidInputError extends BitcoinError {
  override name = 'Bitcoin.InvalidInputError'
  constructor(what: string, value: unknown) {
    super(`${what} takes ${what.includes('Address') ? 'a string' : 'a Uint8Array or base64 text'}, not ${show(value, 60)}.`, 'InvalidInput')
  }
}
