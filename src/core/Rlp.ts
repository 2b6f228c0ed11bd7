import { BaseError } from './BaseError'
import { bytesToHex, hexToBytes, type Hex } from './hex'
import { readHex } from './readHex'
import { u32Words } from './scratch'
import { evm } from './wasmEvm'
import { wasmFailure, type WasmFailure } from './wasmError'

/** What `encode` takes: bytes, or (nested) lists of them. */
export type Input = Uint8Array | readonly Input[]
/** What `decode` gives back. */
export type Value = Uint8Array | Value[]
/** `Value` with every byte string as hex. */
export type HexValue = Hex | HexValue[]

/** The deepest list nesting that encodes and decodes; one more level is a `DepthExceededError`. */
export const MAX_DEPTH = 8192

// Encode tape (pre-order, see `flatten`): list start and end tokens.
const LIST_START = 1
const LIST_END = 3
// Decode tape (post-order, see `decodeTape`): the words of a list of 0 and of 1 item.
const EMPTY_LIST = 1
const ONE_ITEM_LIST = 3

/**
 * Encodes bytes or nested lists of bytes.
 *
 * @example
 * Rlp.encode([new TextEncoder().encode('cat'), []]) // Uint8Array [0xc5, 0x83, 0x63, 0x61, 0x74, 0xc0]
 */
export function encode(value: Input): Uint8Array {
  const { tape, data } = flatten(value)
  try {
    return evm.exports().rlp_encode(tape, data)
  } catch (thrown) {
    throw fromWasm(thrown)
  }
}

/**
 * Decodes exactly one canonical RLP item. Non-canonical forms, trailing bytes and nesting past
 * `MAX_DEPTH` throw an error naming the rule and the byte offset.
 *
 * @example
 * Rlp.decode(Uint8Array.of(0xc2, 0x80, 0x05)) // [Uint8Array [], Uint8Array [5]]
 */
export function decode(bytes: Uint8Array): Value {
  if (!(bytes instanceof Uint8Array)) throw new InvalidInputError('decode takes a Uint8Array')
  return build(decodeTape(bytes), (at, len) => bytes.slice(at, at + len)) as Value
}

/**
 * Decodes hex RLP into hex values.
 *
 * @example
 * Rlp.decodeHex('0xc88363617483646f67') // ['0x636174', '0x646f67']
 */
export function decodeHex(hex: Hex): HexValue {
  const bytes = readHex(hex)
  return build(decodeTape(bytes), (at, len) => bytesToHex(bytes.subarray(at, at + len))) as HexValue
}

/**
 * Builds the tree from a post-order tape (see `decodeTape`) in one pass: each byte string is
 * pushed as a new value, and each list takes the values its items left on top of the stack, made
 * at its final size. The top of the stack stays in `last`, so a deep chain of one-item lists
 * (`[[[…]]]`) is one allocation per level and nothing else.
 */
function build<T>(tape: Uint32Array, leaf: (at: number, len: number) => T): T | unknown[] {
  // The stack is `values[1..top]` and then `last`; `values[0]` is a placeholder under the root.
  const values: unknown[] = [undefined]
  let top = 0
  let last: unknown
  for (let i = 0; i < tape.length; ) {
    const word = tape[i]!
    if (word === ONE_ITEM_LIST) {
      last = [last]
      i++
    } else if ((word & 1) === 0) {
      values[top++] = last
      last = leaf(tape[i + 1]!, word >>> 1)
      i += 2
    } else if (word === EMPTY_LIST) {
      values[top++] = last
      last = []
      i++
    } else {
      // The list's items are `values[top - items + 1 .. top]` and `last`: one copy, exact size.
      const items = word >>> 1
      values[top] = last
      last = values.slice(top - items + 1, top + 1)
      top -= items - 1
      i++
    }
  }
  return last as T | unknown[]
}

/**
 * Encodes hex values (`0x…` strings or nested lists of them) and returns hex.
 *
 * @example
 * Rlp.encodeHex(['0x636174', []]) // '0xc583636174c0'
 */
export function encodeHex(value: HexValue | readonly HexValue[]): Hex {
  const toBytes = (v: HexValue | readonly HexValue[]): Input =>
    Array.isArray(v) ? v.map(toBytes) : hexToBytes(v as Hex)
  return bytesToHex(encode(toBytes(value)))
}

/**
 * Decodes in WASM into a post-order tape (`rlp::decode_tape`): `[len << 1, offset]` for a byte
 * string, `[(count << 1) | 1]` for a list of the last `count` values. The tape is a view of WASM
 * memory, so it is read before any other call.
 */
function decodeTape(bytes: Uint8Array): Uint32Array {
  evm.scratch.writeInput(bytes)
  let length: number
  try {
    length = evm.exports().rlp_decode_scratch()
  } catch (thrown) {
    throw fromWasm(thrown)
  }
  return new Uint32Array(evm.memory().buffer, evm.exports().scratch_rlp_tape(), length)
}

/** Lays a value out as a tape and one data buffer, without recursion. */
function flatten(value: Input): { tape: Uint32Array; data: Uint8Array } {
  if (value instanceof Uint8Array) return { tape: Uint32Array.of(value.length << 1, 0), data: value }
  const tape: number[] = []
  const chunks: Uint8Array[] = []
  let size = 0
  // Each frame: a list and the index of its next child.
  const stack: [readonly Input[], number][] = []
  const visit = (item: Input) => {
    if (item instanceof Uint8Array) {
      tape.push(item.length << 1, size)
      chunks.push(item)
      size += item.length
    } else if (Array.isArray(item)) {
      if (stack.length >= MAX_DEPTH) throw new DepthExceededError(0)
      tape.push(LIST_START, 0)
      stack.push([item, 0])
    } else {
      throw new InvalidInputError(`encode takes Uint8Array values and arrays of them, got ${describe(item)}`)
    }
  }
  visit(value)
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (frame[1] < frame[0].length) visit(frame[0][frame[1]++]!)
    else {
      stack.pop()
      tape.push(LIST_END, 0)
    }
  }
  const data = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    data.set(chunk, at)
    at += chunk.length
  }
  return { tape: u32Words(tape), data }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'object') return value.constructor?.name ?? 'object'
  return typeof value
}

/** Any RLP failure; the subclass names the rule. `offset` is where in the input it was found. */
export class RlpError extends BaseError {
  override name = 'Rlp.RlpError'
  readonly offset: number
  constructor(shortMessage: string, offset = 0) {
    super(shortMessage)
    this.offset = offset
  }
}

export class EmptyInputError extends RlpError {
  override name = 'Rlp.EmptyInputError'
  constructor(offset = 0) {
    super('RLP input is empty: there is no item to decode.', offset)
  }
}
export class NonCanonicalSingleByteError extends RlpError {
  override name = 'Rlp.NonCanonicalSingleByteError'
  constructor(offset: number) {
    super(`Non-canonical RLP at byte ${offset}: a single byte below 0x80 must be encoded as itself, not behind a string header.`, offset)
  }
}
export class LeadingZeroLengthError extends RlpError {
  override name = 'Rlp.LeadingZeroLengthError'
  constructor(offset: number) {
    super(`Non-canonical RLP at byte ${offset}: the length has leading zero bytes.`, offset)
  }
}
export class NonCanonicalLengthError extends RlpError {
  override name = 'Rlp.NonCanonicalLengthError'
  constructor(offset: number) {
    super(`Non-canonical RLP at byte ${offset}: a length below 56 must use the short form.`, offset)
  }
}
export class LengthPastInputError extends RlpError {
  override name = 'Rlp.LengthPastInputError'
  constructor(offset: number) {
    super(`Invalid RLP at byte ${offset}: the length runs past the end of the input.`, offset)
  }
}
export class ListPayloadMismatchError extends RlpError {
  override name = 'Rlp.ListPayloadMismatchError'
  constructor(offset: number) {
    super(`Invalid RLP at byte ${offset}: the list's items do not add up to its payload length.`, offset)
  }
}
export class TrailingBytesError extends RlpError {
  override name = 'Rlp.TrailingBytesError'
  constructor(offset: number) {
    super(`Invalid RLP: bytes follow the item, starting at byte ${offset}.`, offset)
  }
}
export class DepthExceededError extends RlpError {
  override name = 'Rlp.DepthExceededError'
  constructor(offset: number) {
    super(`RLP lists nest deeper than ${MAX_DEPTH} levels.`, offset)
  }
}
export class LengthOverflowError extends RlpError {
  override name = 'Rlp.LengthOverflowError'
  constructor(offset: number) {
    super(`Invalid RLP at byte ${offset}: the length is too large to address.`, offset)
  }
}
export class InvalidInputError extends RlpError {
  override name = 'Rlp.InvalidInputError'
  constructor(why: string) {
    super(`Invalid RLP input: ${why}.`)
  }
}

/** The error class of each RLP variant of the Rust `Error` (by its name, see `wasmError.ts`). */
const ERRORS_BY_NAME: Readonly<Record<string, new (offset: number) => RlpError>> = {
  RlpEmptyInput: EmptyInputError,
  RlpNonCanonicalSingleByte: NonCanonicalSingleByteError,
  RlpLeadingZeroLength: LeadingZeroLengthError,
  RlpNonCanonicalLength: NonCanonicalLengthError,
  RlpLengthPastInput: LengthPastInputError,
  RlpListPayloadMismatch: ListPayloadMismatchError,
  RlpTrailingBytes: TrailingBytesError,
  RlpDepthExceeded: DepthExceededError,
  RlpLengthOverflow: LengthOverflowError,
}

/** The RLP error class for a WASM failure, or undefined when it is not an RLP one. */
export function errorFromFailure(failure: WasmFailure): RlpError | undefined {
  const ErrorClass = ERRORS_BY_NAME[failure.name]
  return ErrorClass ? new ErrorClass(failure.at) : undefined
}

function fromWasm(thrown: unknown): Error {
  const failure = wasmFailure(evm, thrown)
  return errorFromFailure(failure) ?? new RlpError(`RLP failed: ${failure.name}.`, failure.at)
}
