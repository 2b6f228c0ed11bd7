import { wasm, wasmMemory } from './wasm'

/**
 * Copies `bytes` into the WASM module's input scratch buffer, for the `*_scratch` calls: one copy,
 * no allocation per call. Results are read back with `readBytes` / `readTape`, which copy them
 * out, so no caller keeps a view of WASM memory.
 */
export function writeInput(bytes: Uint8Array): void {
  input = EMPTY
  const at = wasm().scratch_input(bytes.length)
  new Uint8Array(wasmMemory().buffer, at, bytes.length).set(bytes)
}

const EMPTY = new Uint8Array(0)
/** Larger input buffers are given back when `inputView` is asked to release them. */
const KEEP_BYTES = 1 << 20

/** `inputView`'s view of the input scratch buffer: empty once another call resized the buffer, or
 * once WASM memory grew (a grown memory detaches the old views, which then have length 0). */
let input = EMPTY

/**
 * A view of the input scratch buffer, at least `size` bytes long, kept between calls: WASM is asked
 * for the buffer only when it must grow, when memory grew, or when `writeInput` / `writeText`
 * resized it since. Growing keeps what the buffer holds. With `release`, a buffer over 1 MiB left by
 * a large call is first made small again (WASM then drops its large scratch buffers).
 */
export function inputView(size: number, release = false): Uint8Array {
  if (input.length >= size && !(release && input.length > KEEP_BYTES)) return input
  const at = wasm().scratch_input(size)
  input = new Uint8Array(wasmMemory().buffer, at, size)
  return input
}

const encoder = /* @__PURE__ */ new TextEncoder()
const decoder = /* @__PURE__ */ new TextDecoder()

/**
 * Writes `text` as UTF-8 into the input scratch buffer (the browser's encoder, not a JS loop) and
 * returns how many bytes it took.
 */
export function writeText(text: string): number {
  input = EMPTY
  const room = text.length * 3
  const at = wasm().scratch_input(room)
  return encoder.encodeInto(text, new Uint8Array(wasmMemory().buffer, at, room)).written
}

/** The text in `length` bytes of WASM memory from `at` (a new string, no view kept). */
export function readText(at: number, length: number): string {
  return decoder.decode(new Uint8Array(wasmMemory().buffer, at, length))
}

/** A copy of `length` bytes of WASM memory from `at`. */
export function readBytes(at: number, length: number): Uint8Array {
  return new Uint8Array(wasmMemory().buffer, at, length).slice()
}

/**
 * A view of the tape the last call with one (`tx_parse_scratch`, the base58 batches, the Solana
 * parsers) wrote; `Rlp` reads its own at `scratch_rlp_tape`. Valid only until the next WASM call:
 * read it at once.
 */
export function readTape(length: number): Uint32Array {
  return new Uint32Array(wasmMemory().buffer, wasm().scratch_tape(), length)
}

let words = new Uint32Array(64)

/**
 * `values` in a reused `Uint32Array` (a view of its first `values.length` words), for arguments
 * that wasm-bindgen copies into WASM memory at once: allocating a fresh typed array per call costs
 * more than the call. Valid only until the next `u32Words`.
 */
export function u32Words(values: readonly number[]): Uint32Array {
  if (values.length > words.length) words = new Uint32Array(Math.max(values.length, words.length * 2))
  for (let i = 0; i < values.length; i++) words[i] = values[i]!
  return words.subarray(0, values.length)
}
