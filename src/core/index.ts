/**
 * `portico/core`: Portico's WASM validators and codecs behind a typed facade.
 *
 * Each namespace has its own WASM module, fetched on first use: `init()` loads the EVM one,
 * `init('solana')` the Solana one (for `Solana.*` and `Address.isOnCurve`), `init('bitcoin')` the
 * Bitcoin one (for `Bitcoin.*`).
 *
 * @example
 * import { init, Rlp, Address } from 'portico/core'
 * await init()
 * Address.checksum('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')
 *
 * @module portico/core
 */
export { init, isReady, InitError, NotInitializedError, UnknownNamespaceError, type Namespace } from './wasm'
export { BaseError } from './BaseError'
export type { Hex } from './hex'
export * as Rlp from './Rlp'
export * as Transaction from './Transaction'
export * as Address from './Address'
export * as Caip from './Caip'
export * as Base58 from './Base58'
export * as Hash from './Hash'
export * as Solana from './Solana'
export * as Bitcoin from './Bitcoin'
export type { SolanaInstruction, SolanaMessage, SolanaTransaction } from './SolanaTypes'
