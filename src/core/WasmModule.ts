import { BaseError } from './BaseError'
import { Scratch, type ScratchExports } from './scratch'

/** What wasm-bindgen's `--target web` glue of a Portico module gives: its two initialisers and its
 * exports, among them the shared scratch boundary's (`crates/portico-wasm-scratch`). */
export type Glue<E extends ScratchExports> = E & {
  default(options: { module_or_path: URL }): Promise<{ memory: WebAssembly.Memory }>
  initSync(options: { module: Uint8Array }): { memory: WebAssembly.Memory }
}

type NodeFs = { readFileSync(path: URL): Uint8Array }

/** Node's `fs` when running in Node (no static import, so browsers never see it). */
function nodeFs(): NodeFs | undefined {
  const p = (globalThis as { process?: { versions?: { node?: string }; getBuiltinModule?: (id: string) => unknown } }).process
  if (!p?.versions?.node || typeof p.getBuiltinModule !== 'function') return undefined
  return p.getBuiltinModule('node:fs') as NodeFs
}

/**
 * One of Portico's WASM modules (one per namespace: `evm`, `solana`, …), loaded on first use: in
 * a browser by `init()` (the module is fetched from `url`, which the namespace's file writes as a
 * literal `new URL(…, import.meta.url)` so that bundlers emit it), in Node synchronously on the
 * first call. Each module has its own memory and scratch buffers (`scratch`).
 */
export class WasmModule<E extends ScratchExports> {
  private loaded = false
  private loading: Promise<void> | undefined
  private mem: WebAssembly.Memory | undefined
  /** The module's scratch buffers, read and written through views of its memory. */
  readonly scratch: Scratch

  constructor(
    readonly namespace: string,
    private readonly glue: Glue<E>,
    private readonly url: () => URL,
  ) {
    this.scratch = new Scratch(this)
  }

  /** Loads the module; idempotent, and a failed load can be retried. */
  init(): Promise<void> {
    if (this.loaded) return Promise.resolve()
    this.loading ??= (async () => {
      const fs = nodeFs()
      if (fs) return this.loadSync(fs)
      try {
        this.mem = (await this.glue.default({ module_or_path: this.url() })).memory
      } catch (cause) {
        throw new InitError({ namespace: this.namespace, cause: cause as Error })
      }
      this.loaded = true
    })().catch((error: unknown) => {
      this.loading = undefined
      throw error
    })
    return this.loading
  }

  /** Whether `init()` has finished. */
  isReady(): boolean {
    return this.loaded
  }

  /** The module's exports, loading them synchronously in Node if needed. */
  exports(): E {
    if (!this.loaded) {
      const fs = nodeFs()
      if (!fs) throw new NotInitializedError(this.namespace)
      this.loadSync(fs)
    }
    return this.glue
  }

  /** The module's memory. Take `.buffer` after the last call that may allocate: a memory that
   * grows replaces its buffer. */
  memory(): WebAssembly.Memory {
    this.exports()
    return this.mem!
  }

  private loadSync(fs: NodeFs) {
    try {
      this.mem = this.glue.initSync({ module: fs.readFileSync(this.url()) }).memory
    } catch (cause) {
      throw new InitError({ namespace: this.namespace, cause: cause as Error })
    }
    this.loaded = true
  }
}

/** A `portico/core` function ran in a browser before `await init()` had loaded its module. */
export class NotInitializedError extends BaseError {
  override name = 'Core.NotInitializedError'
  constructor(namespace = 'evm') {
    super(
      namespace === 'evm'
        ? 'Portico core is not loaded yet: call `await init()` from portico/core before using it.'
        : `Portico core's ${namespace} module is not loaded yet: call \`await init('${namespace}')\` from portico/core before using it.`,
    )
  }
}

/** A WASM module could not be fetched or instantiated. */
export class InitError extends BaseError {
  override name = 'Core.InitError'
  constructor({ namespace = 'evm', cause }: { namespace?: string; cause: Error }) {
    super(`Portico core failed to load its ${namespace} WASM module.`, { cause })
  }
}

/** `init()` was asked for a namespace that has no WASM module. */
export class UnknownNamespaceError extends BaseError {
  override name = 'Core.UnknownNamespaceError'
  constructor(namespace: unknown, known: readonly string[]) {
    super(`Portico core has no module for the namespace ${JSON.stringify(String(namespace))}: use one of ${known.map((k) => `'${k}'`).join(', ')}.`)
  }
}
