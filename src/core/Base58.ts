import { BaseError } from './BaseError'
import { show } from './show'
import { evm } from './wasmEvm'
import { wasmFailure } from './wasmError'

/**
 * Bytes to base58 (Bitcoin alphabet, as Solana uses); each leading zero byte becomes a `1`.
 *
 * @example
 * Base58.encode(Uint8Array.of(0, 0, 1)) // '112'
 */
export function encode(bytes: Uint8Array): string {
  if (!(bytes instanceof Uint8Array)) throw new InvalidInputError('encode takes a Uint8Array')
  if (bytes.length > MAX_BYTES) throw new TooLongError('bytes', bytes.length)
  const length = evm.exports().base58_encode_scratch(bytes) // before asking where the output is: it may move
  return evm.scratch.readText(evm.scratch.output(), length)
}

/**
 * The longest text `decode` takes, in characters. Base58 costs time quadratic in the length, so
 * longer input is refused (`Base58.TooLongError`); a Solana key is 44 characters, a signature 88,
 * a whole transaction about 1700.
 */
export const MAX_TEXT_LENGTH = 8192
/** The longest byte string `encode` takes; its text always fits `MAX_TEXT_LENGTH`. */
export const MAX_BYTES = 5000

/**
 * Base58 to bytes; throws `Base58.InvalidCharacterError` naming the first bad character.
 *
 * @example
 * Base58.decode('112') // Uint8Array [0, 0, 1]
 */
export function decode(text: string): Uint8Array {
  if (typeof text !== 'string') throw new InvalidInputError('decode takes a string')
  if (text.length > MAX_TEXT_LENGTH) throw new TooLongError('text', text.length)
  try {
    return evm.exports().base58_decode(text)
  } catch (thrown) {
    const { at } = wasmFailure(evm, thrown)
    throw new InvalidCharacterError(text, at)
  }
}

/**
 * `encode` for many byte strings in one WASM call.
 *
 * @example
 * Base58.encodeMany([Uint8Array.of(1), Uint8Array.of(0)]) // ['2', '1']
 */
export function encodeMany(list: readonly Uint8Array[]): string[] {
  if (list.length === 0) return []
  let size = 0
  for (let i = 0; i < list.length; i++) {
    const bytes = list[i]
    if (!(bytes instanceof Uint8Array)) throw new InvalidInputError(`encodeMany takes Uint8Array values; item ${i} is ${show(bytes, 40)}`)
    if (bytes.length > MAX_BYTES) throw new TooLongError('bytes', bytes.length, i)
    size += bytes.length
  }
  const data = new Uint8Array(size)
  const lens = new Uint32Array(list.length)
  let at = 0
  for (let i = 0; i < list.length; i++) {
    const bytes = list[i]!
    data.set(bytes, at)
    lens[i] = bytes.length
    at += bytes.length
  }
  const length = evm.exports().base58_encode_many_scratch(data, lens)
  return evm.scratch.readText(evm.scratch.output(), length).split('\n')
}

/**
 * `decode` for many texts in one WASM call; throws on the first invalid one.
 *
 * @example
 * Base58.decodeMany(['2', '1']) // [Uint8Array [1], Uint8Array [0]]
 */
export function decodeMany(list: readonly string[]): Uint8Array[] {
  if (list.length === 0) return []
  for (let i = 0; i < list.length; i++) {
    const text = list[i]
    if (typeof text !== 'string') throw new InvalidInputError(`decodeMany takes strings; item ${i} is ${show(text, 40)}`)
    if (text.length > MAX_TEXT_LENGTH) throw new TooLongError('text', text.length, i)
    if (text.includes('\n')) throw new InvalidCharacterError(text, text.indexOf('\n'), i)
  }
  let count: number
  try {
    // One crossing: the joined text in through the scratch buffer; the bytes come back end to end
    // in the output buffer and their lengths on the tape, with no allocation per text in WASM.
    count = evm.exports().base58_decode_many_scratch(evm.scratch.writeText(list.join('\n')))
  } catch (thrown) {
    const { item, at } = wasmFailure(evm, thrown)
    throw new InvalidCharacterError(list[item]!, at, item)
  }
  const lens = evm.scratch.readTape(count)
  const bytes = new Uint8Array(evm.memory().buffer, evm.scratch.output())
  const result: Uint8Array[] = new Array(count)
  for (let i = 0, at = 0; i < count; i++) {
    const len = lens[i]!
    result[i] = bytes.slice(at, at + len)
    at += len
  }
  return result
}

export class InvalidCharacterError extends BaseError {
  override name = 'Base58.InvalidCharacterError'
  /** The character's byte offset in the text's UTF-8. */
  readonly position: number
  /** In a batch, the index of the text. */
  readonly index: number | undefined
  constructor(text: string, position: number, index?: number) {
    const shown = JSON.stringify([...new TextDecoder().decode(new TextEncoder().encode(text).subarray(position))][0] ?? '')
    super(`Invalid base58 character ${shown} at position ${position}${index === undefined ? '' : ` of item ${index}`}.`)
    this.position = position
    this.index = index
  }
}

export class TooLongError extends BaseError {
  override name = 'Base58.TooLongError'
  constructor(what: 'text' | 'bytes', length: number, index?: number) {
    const limit = what === 'text' ? `${MAX_TEXT_LENGTH} characters` : `${MAX_BYTES} bytes`
    const item = index === undefined ? '' : `Item ${index}: `
    const input = what === 'text' ? `Base58 text of ${length} characters` : `Byte string of ${length} bytes`
    super(`${item}${input} is longer than the base58 limit of ${limit} (base58 work grows with the square of the length).`)
  }
}

export class InvalidInputError extends BaseError {
  override name = 'Base58.InvalidInputError'
  constructor(why: string) {
    super(`Invalid base58 input: ${why}.`)
  }
}
