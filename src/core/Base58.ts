import { BaseError } from './BaseError'
import { wasm } from './wasm'
import { wasmFailure } from './wasmError'

/**
 * Bytes to base58 (Bitcoin alphabet, as Solana uses); each leading zero byte becomes a `1`.
 *
 * @example
 * Base58.encode(Uint8Array.of(0, 0, 1)) // '112'
 */
export function encode(bytes: Uint8Array): string {
  if (!(bytes instanceof Uint8Array)) throw new InvalidInputError('encode takes a Uint8Array')
  return wasm().base58_encode(bytes)
}

/**
 * Base58 to bytes; throws `Base58.InvalidCharacterError` naming the first bad character.
 *
 * @example
 * Base58.decode('112') // Uint8Array [0, 0, 1]
 */
export function decode(text: string): Uint8Array {
  if (typeof text !== 'string') throw new InvalidInputError('decode takes a string')
  try {
    return wasm().base58_decode(text)
  } catch (thrown) {
    const { item } = wasmFailure(thrown)
    throw new InvalidCharacterError(text, item)
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
  for (const bytes of list) {
    if (!(bytes instanceof Uint8Array)) throw new InvalidInputError('encodeMany takes Uint8Array values')
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
  return wasm().base58_encode_many(data, lens).split('\n')
}

/**
 * `decode` for many texts in one WASM call; throws on the first invalid one.
 *
 * @example
 * Base58.decodeMany(['2', '1']) // [Uint8Array [1], Uint8Array [0]]
 */
export function decodeMany(list: readonly string[]): Uint8Array[] {
  if (list.length === 0) return []
  for (const text of list) {
    if (typeof text !== 'string') throw new InvalidInputError('decodeMany takes strings')
    if (text.includes('\n')) throw new InvalidCharacterError(text, text.indexOf('\n'))
  }
  let out: Uint8Array
  try {
    out = wasm().base58_decode_many(list.join('\n'))
  } catch (thrown) {
    const { field, item } = wasmFailure(thrown)
    throw new InvalidCharacterError(list[field]!, item)
  }
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength)
  const result: Uint8Array[] = new Array(list.length)
  let at = list.length * 4
  for (let i = 0; i < list.length; i++) {
    const len = view.getUint32(i * 4, true)
    result[i] = out.slice(at, at + len)
    at += len
  }
  return result
}

export class InvalidCharacterError extends BaseError {
  override name = 'Base58.InvalidCharacterError'
  readonly position: number
  constructor(text: string, position: number) {
    const shown = JSON.stringify([...new TextDecoder().decode(new TextEncoder().encode(text).subarray(position))][0] ?? '')
    super(`Invalid base58 character ${shown} at position ${position}.`)
    this.position = position
  }
}

export class InvalidInputError extends BaseError {
  override name = 'Base58.InvalidInputError'
  constructor(why: string) {
    super(`Invalid base58 input: ${why}.`)
  }
}
