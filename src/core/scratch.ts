/**
 * The scratch-buffer boundary every Portico WASM module shares (`crates/portico-wasm-scratch`):
 * the facade writes an input straight into the module's input buffer and reads results back from
 * its output buffer, its tape and its failure record, with one copy each way and no allocation per
 * call. Each module has its own memory, so each has its own `Scratch` (`WasmModule.scratch`).
 */

/** The exports every module has by linking `portico-wasm-scratch`. */
export type ScratchExports = {
  scratch_input(len: number): number
  scratch_output(): number
  scratch_tape(): number
  scratch_failure(): number
  error_names(): string
}

/** What `Scratch` needs of its module. */
export type ScratchModule = { exports(): ScratchExports; memory(): WebAssembly.Memory }

const EMPTY = new Uint8Array(0)
/** Larger input buffers are given back when `inputView` is asked to release them. */
const KEEP_BYTES = 1 << 20

const encoder = /* @__PURE__ */ new TextEncoder()
const decoder = /* @__PURE__ */ new TextDecoder()

/** One module's scratch buffers, seen from JS. Results are copied out, so no caller keeps a view
 * of WASM memory. */
export class Scratch {
  /** `inputView`'s view of the input buffer: empty once another call resized the buffer, or once
   * WASM memory grew (a grown memory detaches the old views, which then have length 0). */
  private input = EMPTY

  constructor(private readonly module: ScratchModule) {}

  /** Copies `bytes` into the input buffer, for the `*_scratch` calls. */
  writeInput(bytes: Uint8Array): void {
    this.input = EMPTY
    const at = this.module.exports().scratch_input(bytes.length)
    new Uint8Array(this.module.memory().buffer, at, bytes.length).set(bytes)
  }

  /**
   * A view of the input buffer, at least `size` bytes long, kept between calls: WASM is asked for
   * the buffer only when it must grow, when memory grew, or when `writeInput` / `writeText` resized
   * it since. Growing keeps what the buffer holds. With `release`, a buffer over 1 MiB left by a
   * large call is first made small again (WASM then drops its large scratch buffers).
   */
  inputView(size: number, release = false): Uint8Array {
    if (this.input.length >= size && !(release && this.input.length > KEEP_BYTES)) return this.input
    const at = this.module.exports().scratch_input(size)
    this.input = new Uint8Array(this.module.memory().buffer, at, size)
    return this.input
  }

  /** Writes `text` as UTF-8 into the input buffer (the platform's encoder, not a JS loop);
   * returns how many bytes it took. */
  writeText(text: string): number {
    this.input = EMPTY
    const room = text.length * 3
    const at = this.module.exports().scratch_input(room)
    return encoder.encodeInto(text, new Uint8Array(this.module.memory().buffer, at, room)).written
  }

  /** The text in `length` bytes of WASM memory from `at` (a new string, no view kept). */
  readText(at: number, length: number): string {
    return decoder.decode(new Uint8Array(this.module.memory().buffer, at, length))
  }

  /** A copy of `length` bytes of WASM memory from `at`. */
  readBytes(at: number, length: number): Uint8Array {
    return new Uint8Array(this.module.memory().buffer, at, length).slice()
  }

  /** Where the last call with an output wrote it. */
  output(): number {
    return this.module.exports().scratch_output()
  }

  /** A view of the tape the last call with one wrote. Valid only until the next WASM call: read it
   * at once. */
  readTape(length: number): Uint32Array {
    return new Uint32Array(this.module.memory().buffer, this.module.exports().scratch_tape(), length)
  }

  /** The failure record: `[code, field, item, at, len]` of the last failure (a copy). */
  failure(): Uint32Array {
    return new Uint32Array(this.module.memory().buffer, this.module.exports().scratch_failure(), 5).slice()
  }
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
