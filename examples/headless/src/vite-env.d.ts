/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The chains, `[{ "id", "name", "rpcUrl" }]` as JSON (default: Ethereum mainnet). */
  readonly VITE_PORTICO_CHAINS?: string
  /** The reference backend (wallet listing, activity, sign-in). */
  readonly VITE_PORTICO_API_URL?: string
}
