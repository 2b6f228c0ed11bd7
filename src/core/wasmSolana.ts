import * as glue from './wasm/solana/portico_wasm_solana.js'
import { WasmModule } from './WasmModule'

/**
 * The Solana module (`crates/portico-wasm-solana`): the message and transaction parser, the
 * describer, the serializer and the ed25519 point check. Only apps that use Solana fetch it.
 */
export const solana = /* @__PURE__ */ new WasmModule('solana', glue, () => new URL('./wasm/solana/portico_wasm_solana_bg.wasm', import.meta.url))
