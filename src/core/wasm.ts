import { bitcoin } from './wasmBitcoin'
import { evm } from './wasmEvm'
import { solana } from './wasmSolana'

import { UnknownNamespaceError } from './WasmModule'

export { InitError, NotInitializedError, UnknownNamespaceError } from './WasmModule'

/** A namespace with a WASM module of its own. */
export type Namespace = 'evm' | 'solana' | 'bitcoin'

/**
 * The modules, one per namespace, each loaded on first use. (Typed by what `init` needs, so the
 * published declarations name no generated glue module.)
 */
const modules: Record<Namespace, { init(): Promise<void>; isReady(): boolean }> = { evm, solana, bitcoin }

/**
 * Loads Portico's WASM modules: the EVM one (RLP, transactions, addresses, CAIP, base58, keccak)
 * by default, or the namespaces named (`'solana'` for `Solana.*` and `Address.isOnCurve`, `'bitcoin'`
 * for `Bitcoin.*`). Each
 * is fetched only when first asked for, so an app that never uses Solana never downloads its
 * module. Idempotent and safe to call many times; in Node the first call of any `portico/core`
 * function loads its module on its own, but browsers must await this first (they cannot compile
 * WASM synchronously).
 *
 * @example
 * import { init, Address, Solana } from 'portico/core'
 * await init()
 * Address.checksum('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')
 * await init('solana')
 * Solana.parseTransaction(bytes)
 */
export async function init(...namespaces: Namespace[]): Promise<void> {
  const names = namespaces.length === 0 ? (['evm'] as const) : namespaces
  for (const name of names) if (!Object.hasOwn(modules, name)) throw new UnknownNamespaceError(name, Object.keys(modules))
  await Promise.all(names.map((name) => modules[name].init()))
}

/** Whether `init()` has loaded the namespace's module (the EVM one by default). */
export function isReady(namespace: Namespace = 'evm'): boolean {
  return Object.hasOwn(modules, namespace) && modules[namespace].isReady()
}
