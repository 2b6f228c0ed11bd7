/** A chain the dev wallet can sign for: its id, its JSON-RPC URL and how to name it. */
export type DevWalletChain = {
  id: number
  rpcUrl: string
  name: string
  nativeCurrency?: { name: string; symbol: string; decimals: number } | undefined
}
