import initAsync, { initSync } from './wasm/portico_wasm.js'
import * as exports from './wasm/portico_wasm.js'
import { BaseError } from './BaseError'

/** The WASM exports, once loaded. */
export type Exports = typeof exports

let loaded = false
let loading: Promise<void> | undefined
let memory: WebAssembly.Memory | undefined

/** The module's location beside this file: bundlers (Vite, webpack) emit it as an asset. */
const wasmUrl = () => new URL('./wasm/portico_wasm_bg.wasm', import.meta.url)

type NodeFs = { readFileSync(path: URL): Uint8Array }

/** Node's `fs` when running in Node (no static import, so browsers never see it). */
function nodeFs(): NodeFs | undefined {
  const p = (globalThis as { process?: { versions?: { node?: string }; getBuiltinModule?: (id: string) => unknown } }).process
  if (!p?.versions?.node || typeof p.getBuiltinModule !== 'function') return undefined
  return p.getBuiltinModule('node:fs') as NodeFs
}

function loadSync(fs: NodeFs) {
  try {
    memory = initSync({ module: fs.readFileSync(wasmUrl()) }).memory
  } catch (cause) {
    throw new InitError({ cause: cause as Error })
  }
  loaded = true
}

/**
 * Loads Portico's WASM core. Idempotent and safe to call many times; the first call of any
 * `portico/core` function in Node loads it on its own, but browsers must await this first
 * (they cannot compile WASM synchronously).
 *
 * @example
 * import { init, Address } from 'portico/core'
 * await init()
 * Address.checksum('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')
 */
export function init(): Promise<void> {
  if (loaded) return Promise.resolve()
  loading ??= (async () => {
    const fs = nodeFs()
    if (fs) return loadSync(fs)
    try {
      memory = (await initAsync({ module_or_path: wasmUrl() })).memory
    } catch (cause) {
      throw new InitError({ cause: cause as Error })
    }
    loaded = true
  })().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

/** Whether `init()` has finished. */
export function isReady(): boolean {
  return loaded
}

/** The WASM exports, loading them synchronously in Node if needed. */
export function wasm(): Exports {
  if (!loaded) {
    const fs = nodeFs()
    if (!fs) throw new NotInitializedError()
    loadSync(fs)
  }
  return exports
}

/**
 * The WASM module's memory, for the scratch-buffer calls (`scratch.ts`). Take `.buffer` after the
 * last call that may allocate: a memory that grows replaces its buffer.
 */
export function wasmMemory(): WebAssembly.Memory {
  wasm()
  return memory!
}

/** A `portico/core` function ran in a browser before `await init()` finished. */
export class NotInitializedError extends BaseError {
  override name = 'Core.NotInitializedError'
  constructor() {
    super('Portico core is not loaded yet: call `await init()` from portico/core before using it.')
  }
}

/** The WASM module could not be fetched or instantiated. */
export class InitError extends BaseError {
  override name = 'Core.InitError'
  constructor({ cause }: { cause: Error }) {
    super('Portico core failed to load its WASM module.', { cause })
  }
}
