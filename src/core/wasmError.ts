import type { Scratch, ScratchExports } from './scratch'

/**
 * A failure thrown by a WASM module: it throws the error's code and leaves the context in its
 * failure record (`crates/portico-wasm-scratch`, `scratch_failure`).
 * - `name`: the Rust `Error` variant (`TxInvalidChainId`), from the table its module exports;
 * - `field`: a transaction field's index (`TransactionWire.fields()`), or a Solana message part;
 * - `item`: an index in a list (an access-list entry, a batch's value);
 * - `at`, `len`: a byte range of the input (an RLP offset, a base58 character's position, the
 *   offending value of a parsed transaction; `len` 0 and `at` 0 when there is none).
 */
export type WasmFailure = { code: number; name: string; field: number; item: number; at: number; len: number }

/** What the failure helpers need of a module. */
type FailingModule = { exports(): ScratchExports; readonly scratch: Scratch }

const names = new WeakMap<FailingModule, ReadonlyMap<number, string>>()

/** The Rust error variant's name for each code `module` can throw (its own table, read once). */
export function errorNames(module: FailingModule): ReadonlyMap<number, string> {
  let table = names.get(module)
  if (!table) {
    table = new Map(
      module
        .exports()
        .error_names()
        .split(',')
        .map((pair) => {
          const [code, name] = pair.split(':')
          return [Number(code), name!] as const
        }),
    )
    names.set(module, table)
  }
  return table
}

/** Reads the context of what `module` just threw; anything that is not a WASM failure is rethrown. */
export function wasmFailure(module: FailingModule, thrown: unknown): WasmFailure {
  if (typeof thrown !== 'number') throw thrown
  return lastFailure(module)
}

/** The context of the last failure `module` recorded: for the calls that report a failure by
 * their return value instead of throwing (`tx_serialize_scratch`, `tx_parse_scratch`). */
export function lastFailure(module: FailingModule): WasmFailure {
  const [code, field, item, at, len] = module.scratch.failure()
  return { code: code!, name: errorNames(module).get(code!) ?? `code ${code}`, field: field!, item: item!, at: at!, len: len! }
}
