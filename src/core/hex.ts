import { BaseError } from './BaseError'

/** A `0x`-prefixed hex string. */
export type Hex = `0x${string}`

const HEX_PAIRS = /* @__PURE__ */ Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/**
 * Bytes to lowercase `0x` hex.
 *
 * @example
 * bytesToHex(Uint8Array.of(1, 255)) // '0x01ff'
 */
export function bytesToHex(bytes: Uint8Array): Hex {
  let out = '0x'
  for (let i = 0; i < bytes.length; i++) out += HEX_PAIRS[bytes[i]!]
  return out as Hex
}

/**
 * `0x` hex (either case, even length) to bytes.
 *
 * @example
 * hexToBytes('0x01ff') // Uint8Array [1, 255]
 */
export function hexToBytes(hex: string): Uint8Array {
  if (typeof hex !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(hex)) throw new InvalidHexError(hex)
  const out = new Uint8Array((hex.length - 2) / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 + i * 2, 4 + i * 2), 16)
  return out
}

export class InvalidHexError extends BaseError {
  override name = 'Hex.InvalidHexError'
  constructor(value: unknown) {
    super(`Invalid hex: ${JSON.stringify(String(value)).slice(0, 80)} is not 0x followed by an even number of hex digits.`)
  }
}
