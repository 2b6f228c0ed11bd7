import * as glue from './wasm/evm/portico_wasm_evm.js'
import { WasmModule } from './WasmModule'

/**
 * The EVM module (`crates/portico-wasm-evm`): RLP, transactions, addresses, CAIP ids, base58 and
 * keccak. The URL is a literal here so that bundlers emit the `.wasm` beside this file.
 */
export const evm = /* @__PURE__ */ new WasmModule('evm', glue, () => new URL('./wasm/evm/portico_wasm_evm_bg.wasm', import.meta.url))
