import { hexToBytes, InvalidHexError } from './hex'
import { readBytes, writeText } from './scratch'
import { isReady, wasm } from './wasm'

/** Above this many characters (2 KiB of bytes) the digits are decoded in WASM once it is loaded. */
const LONG = 4096

/**
 * `hexToBytes`, with long texts (a blob transaction is over half a million digits) decoded in
 * WASM: about ten times faster there than the JS loop. Same errors.
 *
 * @example
 * readHex(networkFormHex) // Uint8Array
 */
export function readHex(hex: string): Uint8Array {
  if (typeof hex !== 'string' || hex.length <= LONG || !isReady()) return hexToBytes(hex)
  if (hex.length % 2 !== 0 || !hex.startsWith('0x')) throw new InvalidHexError(hex)
  // A character outside ASCII takes more than one byte, and is no hex digit anyway.
  const written = writeText(hex)
  const length = written === hex.length ? wasm().hex_decode_scratch(2, written - 2) : 0xffffffff
  if (length === 0xffffffff) throw new InvalidHexError(hex)
  return readBytes(wasm().scratch_output(), length)
}
