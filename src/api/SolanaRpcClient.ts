import { errorOf } from '../errors/PorticoError'
import { SETUP_MESSAGES } from '../errors/setupMessages'
import { Connection, PublicKey } from '@solana/web3.js'
import type { Network } from '../networks/Network'
import type { SolanaActivityItem, SolanaReadClient, SolanaTokenBalance } from '../controllers/SolanaAccountController'

/** The SPL Token program, whose accounts the Tokens tab lists. */
const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')

/** One `Connection` per RPC URL, made on first use. */
const connections = new Map<string, Connection>()

/**
 * A `@solana/web3.js` `Connection` to the network's first RPC URL (and its first WebSocket URL,
 * when given, for confirmations). Throws when the network lists no URL.
 */
export function solanaConnection(network: Network): Connection {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw errorOf(SETUP_MESSAGES, 'noRpcUrl', { network: network.caipNetworkId })
  const ws = network.rpcUrls.default.webSocket?.[0]
  const key = `${url} ${ws ?? ''}`
  let connection = connections.get(key)
  if (!connection) connections.set(key, (connection = new Connection(url, { commitment: 'confirmed', ...(ws && { wsEndpoint: ws }) })))
  return connection
}

/**
 * What the Solana account view reads, over the network's own JSON-RPC node: the SOL balance, the
 * SPL token accounts (`getTokenAccountsByOwner`, parsed) and the latest signatures
 * (`getSignaturesForAddress`). Loaded with the first Solana connection, never at page load.
 *
 * @example
 * SolanaAccountController.setClient(solanaReadClient)
 */
export const solanaReadClient: SolanaReadClient = {
  async getBalance(address, network) {
    return BigInt(await solanaConnection(network).getBalance(new PublicKey(address)))
  },

  async getTokens(address, network): Promise<SolanaTokenBalance[]> {
    const { value } = await solanaConnection(network).getParsedTokenAccountsByOwner(new PublicKey(address), { programId: TOKEN_PROGRAM })
    return value.map(({ pubkey, account }) => {
      const info = (account.data as { parsed: { info: { mint: string; tokenAmount: { amount: string; decimals: number } } } }).parsed.info
      return { account: pubkey.toBase58(), mint: info.mint, amount: BigInt(info.tokenAmount.amount), decimals: info.tokenAmount.decimals }
    })
  },

  async getActivity(address, network, limit): Promise<SolanaActivityItem[]> {
    const list = await solanaConnection(network).getSignaturesForAddress(new PublicKey(address), { limit })
    return list.map((item) => ({ signature: item.signature, slot: item.slot, blockTime: item.blockTime ?? undefined, failed: item.err !== null }))
  },
}
