import { BaseError } from './BaseError'
import { show } from './show'

/** Where in a transaction an error is: the part (`'instructions'`…), the item in it, the byte. */
export type Place = { part: string; item: number; at: number }

/** What a call read: a message or a transaction's bytes. */
export type Subject = 'message' | 'transaction'

/** Any Solana message or transaction that Portico refuses. */
export class SolanaError extends BaseError {
  override name = 'Solana.SolanaError'
  /** The part of the message the error is about: `'header'`, `'accountKeys'`, `'instructions'`… */
  readonly part: string | undefined
  /** The index in that part's list (an instruction, a lookup, a key), when it has one. */
  readonly item: number | undefined
  /** The byte offset in the input, when the error comes from parsing bytes. */
  readonly at: number | undefined
  constructor(shortMessage: string, place?: Partial<Place>) {
    super(shortMessage)
    this.part = place?.part
    this.item = place?.item
    this.at = place?.at
  }
}

const where = (part: string, item: number) =>
  part === 'instructions' ? `instruction ${item}` : part === 'addressTableLookups' ? `address table lookup ${item}` : part

export class TruncatedError extends SolanaError {
  override name = 'Solana.TruncatedError'
  constructor(place: Place) {
    super(`Solana input ends at byte ${place.at}, inside ${where(place.part, place.item)}: it is truncated.`, place)
  }
}

export class TrailingBytesError extends SolanaError {
  override name = 'Solana.TrailingBytesError'
  constructor(place: Place, length: number) {
    const extra = length - place.at
    super(`Solana message ends at byte ${place.at}, but the input has ${extra} more byte${extra === 1 ? '' : 's'}.`, place)
  }
}

export class AccountIndexOutOfRangeError extends SolanaError {
  override name = 'Solana.AccountIndexOutOfRangeError'
  /** The index that is out of range. */
  readonly index: number
  constructor(place: Place, index: number, isProgram: boolean) {
    super(
      isProgram
        ? `Instruction ${place.item} runs program index ${index}, which is not one of the message's own account keys.`
        : `Instruction ${place.item} uses account index ${index}, past the message's accounts.`,
      place,
    )
    this.index = index
  }
}

export class InvalidHeaderError extends SolanaError {
  override name = 'Solana.InvalidHeaderError'
  constructor(place: Place, noWritableSigner: boolean) {
    super(
      noWritableSigner
        ? 'Solana message header does not add up: every signer is read-only, so no account can pay the fee.'
        : 'Solana message header does not add up: its signers and read-only unsigned accounts outnumber its account keys.',
      place,
    )
  }
}

export class TooLargeError extends SolanaError {
  override name = 'Solana.TooLargeError'
  /** The size in bytes: of the transaction, or of a message with the signatures it requires. */
  readonly size: number
  constructor(place: Place, size: number, subject: Subject) {
    const what = subject === 'transaction' ? 'transaction is' : place.part === 'signatures' ? 'message with its signatures is' : 'message is'
    super(`Solana ${what} ${size} bytes: a transaction is at most 1232 bytes.`, place)
    this.size = size
  }
}

export class TooManyAccountsError extends SolanaError {
  override name = 'Solana.TooManyAccountsError'
  constructor(place: Place, count: number) {
    super(`Solana transaction uses ${count} accounts: the runtime locks at most 64 per transaction.`, place)
  }
}

export class NonCanonicalCompactU16Error extends SolanaError {
  override name = 'Solana.NonCanonicalCompactU16Error'
  constructor(place: Place) {
    super(`Solana compact-u16 length at byte ${place.at} (${where(place.part, place.item)}) is not in its shortest form.`, place)
  }
}

export class CompactU16OverflowError extends SolanaError {
  override name = 'Solana.CompactU16OverflowError'
  constructor(place: Place) {
    super(`Solana compact-u16 length at byte ${place.at} (${where(place.part, place.item)}) is larger than 65535.`, place)
  }
}

export class UnsupportedVersionError extends SolanaError {
  override name = 'Solana.UnsupportedVersionError'
  constructor(place: Place, version: number) {
    super(`Solana message version ${version} is not supported: Portico reads legacy and version 0 messages.`, place)
  }
}

export class SignatureCountMismatchError extends SolanaError {
  override name = 'Solana.SignatureCountMismatchError'
  constructor(place: Place, count: number, required: number) {
    super(`Solana transaction has ${count} signature${count === 1 ? '' : 's'}, but its message requires ${required}.`, place)
  }
}

export class ProgramIsFeePayerError extends SolanaError {
  override name = 'Solana.ProgramIsFeePayerError'
  constructor(place: Place) {
    super(`Instruction ${place.item} runs account 0, the fee payer, as its program.`, place)
  }
}

export class EmptyLookupError extends SolanaError {
  override name = 'Solana.EmptyLookupError'
  constructor(place: Place) {
    super(`Address table lookup ${place.item} loads no account: a lookup needs at least one writable or read-only index.`, place)
  }
}

/** The message lists one account key twice: the runtime refuses it (`AccountLoadedTwice`). */
export class DuplicateAccountKeyError extends SolanaError {
  override name = 'Solana.DuplicateAccountKeyError'
  /** Where the key is listed first; `item` is where it is listed again. */
  readonly first: number
  constructor(place: Place, first: number) {
    super(`Solana message lists account key ${first} again as key ${place.item}: the runtime loads each account once.`, place)
    this.first = first
  }
}

export class InvalidKeyError extends SolanaError {
  override name = 'Solana.InvalidKeyError'
  constructor(place: Place, value: unknown) {
    const at = place.part === 'recentBlockhash' ? 'recentBlockhash' : `${place.part}[${place.item}]`
    super(`${at} "${show(value, 60)}" is not a Solana key: it must be base58 for 32 bytes.`, place)
  }
}

/** A message object whose shape is wrong (a field missing, of the wrong type, or out of range). */
export class InvalidMessageError extends SolanaError {
  override name = 'Solana.InvalidMessageError'
  constructor(path: string, value: unknown, expected: string) {
    const shown = typeof value === 'string' ? JSON.stringify(show(value, 60)) : show(value, 60)
    super(`Solana message field ${path} is invalid: got ${shown}, expected ${expected}.`, { part: path.split(/[.[]/)[0] })
  }
}

/** Input that is not bytes at all. */
export class InvalidInputError extends SolanaError {
  override name = 'Solana.InvalidInputError'
  constructor(what: string, value: unknown) {
    super(`${what} takes a Uint8Array, got ${value === null ? 'null' : typeof value}.`)
  }
}
