/**
 * The WASM side throws one number, `code + 1000 * field + 100_000 * item` (see
 * `crates/portico-wasm/src/lib.rs`). This splits it; anything else is rethrown as is.
 */
export type WasmFailure = { code: number; field: number; item: number }

export function wasmFailure(thrown: unknown): WasmFailure {
  if (typeof thrown !== 'number') throw thrown
  return { code: thrown % 1000, field: Math.floor(thrown / 1000) % 100, item: Math.floor(thrown / 100_000) }
}
