import * as glue from './wasm/bitcoin/portico_wasm_bitcoin.js'
import { WasmModule } from './WasmModule'

/**
 * The Bitcoin module (`crates/portico-wasm-bitcoin`): address checks, the PSBT parser and
 * describer, the raw transaction parser. Only apps that use Bitcoin fetch it.
 */
export const bitcoin = /* @__PURE__ */ new WasmModule('bitcoin', glue, () => new URL('./wasm/bitcoin/portico_wasm_bitcoin_bg.wasm', import.meta.url))
