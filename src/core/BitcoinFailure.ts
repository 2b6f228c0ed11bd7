/**
 * Turns a WASM failure of a Bitcoin call into its `Bitcoin.*Error` class; the classes are in
 * `BitcoinErrors.ts`, the public part of the module.
 */
import * as Errors from './BitcoinErrors'
import type { BitcoinNetwork, PsbtScope } from './BitcoinErrors'
import type { WasmFailure } from './wasmError'

const SCOPES: readonly PsbtScope[] = ['psbt', 'global', 'input', 'output']
const NO_KEY = 0xffffffff

/** Whether the Bitcoin classes map the Rust variant `name` (for the test that checks every one). */
export function handles(name: string): boolean {
  return name === 'BitcoinAddressWrongNetwork' || Errors.isAddressReason(name) || Errors.isPsbtReason(name)
}

/** The error for a failed address check. */
export function addressError(failure: WasmFailure, address: string, network: BitcoinNetwork): Errors.BitcoinError {
  if (failure.name === 'BitcoinAddressWrongNetwork') return new Errors.WrongNetworkError(address, network)
  return new Errors.InvalidAddressError(address, failure.name)
}

/** The error for a failed PSBT parse or description. */
export function psbtError(failure: WasmFailure): Errors.BitcoinError {
  return new Errors.InvalidPsbtError(failure.name, {
    scope: SCOPES[failure.field] ?? 'psbt',
    index: failure.item,
    keyType: failure.len === NO_KEY ? undefined : failure.len,
    at: failure.at,
  })
}
