/**
 * Turns a WASM failure of a Solana call into its `Solana.*Error` class; the classes themselves
 * are in `SolanaErrors.ts`, the public part of the module.
 */
import * as Errors from './SolanaErrors'
import type { Place, Subject } from './SolanaErrors'
import { solana } from './wasmSolana'
import type { WasmFailure } from './wasmError'

/** The value the core adds to an out-of-range program index (`PROGRAM_INDEX` in Rust). */
const PROGRAM_INDEX = 0x100
/** `HEADER_NO_WRITABLE_SIGNER` in Rust. */
const HEADER_NO_WRITABLE_SIGNER = 1

type Context = { subject: Subject; length: number; keyText: (place: Place) => unknown }
type Build = (place: Place, value: number, context: Context) => Errors.SolanaError

/** Each Rust variant of the Solana group and the class it becomes. */
const BUILDERS: Record<string, Build> = {
  SolanaTruncated: (place) => new Errors.TruncatedError(place),
  SolanaTrailingBytes: (place, _, { length }) => new Errors.TrailingBytesError(place, length),
  SolanaAccountIndexOutOfRange: (place, value) => new Errors.AccountIndexOutOfRangeError(place, value & 0xff, value >= PROGRAM_INDEX),
  SolanaInvalidHeader: (place, value) => new Errors.InvalidHeaderError(place, value === HEADER_NO_WRITABLE_SIGNER),
  SolanaTooLarge: (place, value, { subject }) => new Errors.TooLargeError(place, value, subject),
  SolanaTooManyAccounts: (place, value) => new Errors.TooManyAccountsError(place, value),
  SolanaNonCanonicalCompactU16: (place) => new Errors.NonCanonicalCompactU16Error(place),
  SolanaCompactU16Overflow: (place) => new Errors.CompactU16OverflowError(place),
  SolanaUnsupportedVersion: (place, value) => new Errors.UnsupportedVersionError(place, value),
  SolanaSignatureCountMismatch: (place, value) => new Errors.SignatureCountMismatchError(place, value, place.item),
  SolanaProgramIsFeePayer: (place) => new Errors.ProgramIsFeePayerError(place),
  SolanaEmptyLookup: (place) => new Errors.EmptyLookupError(place),
  SolanaInvalidKey: (place, _, { keyText }) => new Errors.InvalidKeyError(place, keyText(place)),
  SolanaDuplicateAccountKey: (place, value) => new Errors.DuplicateAccountKeyError(place, value),
}

/** Whether `fromFailure` maps the Rust variant `name` (for the test that checks every variant). */
export function handles(name: string): boolean {
  return name in BUILDERS
}

let parts: readonly string[] | undefined

/** The part names in boundary order (read once from the bindings). */
export function partNames(): readonly string[] {
  parts ??= solana.exports().solana_parts().split(',')
  return parts
}

/**
 * The error class for a WASM failure of a Solana call: `length` is the input's length, and
 * `keyText` gives the text of the key a `SolanaInvalidKey` failure points at.
 */
export function fromFailure(failure: WasmFailure, context: Context): Error {
  const build = BUILDERS[failure.name]
  if (!build) return new Errors.SolanaError(`Solana input was refused: ${failure.name}.`)
  const place = { part: partNames()[failure.field] ?? 'header', item: failure.item, at: failure.at }
  return build(place, failure.len, context)
}
