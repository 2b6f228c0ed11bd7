import { wasm, wasmMemory } from './wasm'

/**
 * A failure thrown by the WASM side: it throws the error's code and leaves the context in its
 * failure scratch buffer (`crates/portico-wasm/src/lib.rs`, `scratch_failure`).
 * - `name`: the Rust `Error` variant (`TxInvalidChainId`), from the table the bindings export;
 * - `field`: a transaction field's index (`TransactionWire.fields()`);
 * - `item`: an index in a list (an access-list entry, a batch's value);
 * - `at`, `len`: a byte range of the input (an RLP offset, a base58 character's position, the
 *   offending value of a parsed transaction; `len` 0 and `at` 0 when there is none).
 */
export type WasmFailure = { code: number; name: string; field: number; item: number; at: number; len: number }

let names: Map<number, string> | undefined

/** The Rust error variant's name for each code (read once from the bindings). */
export function errorNames(): ReadonlyMap<number, string> {
  names ??= new Map(
    wasm()
      .error_names()
      .split(',')
      .map((pair) => {
        const [code, name] = pair.split(':')
        return [Number(code), name!] as const
      }),
  )
  return names
}

/** Reads the context of what WASM just threw; anything that is not a WASM failure is rethrown. */
export function wasmFailure(thrown: unknown): WasmFailure {
  if (typeof thrown !== 'number') throw thrown
  return lastFailure()
}

/** The context of the last failure WASM recorded: for the calls that report a failure by their
 * return value instead of throwing (`tx_serialize_scratch`, `tx_parse_scratch`). */
export function lastFailure(): WasmFailure {
  const [code, field, item, at, len] = new Uint32Array(wasmMemory().buffer, wasm().scratch_failure(), 5)
  return { code: code!, name: errorNames().get(code!) ?? `code ${code}`, field: field!, item: item!, at: at!, len: len! }
}
