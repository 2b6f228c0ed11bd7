import { siwxAppliesTo } from '../siwx/siwxSessions'
import type { Namespace, Network } from '../networks/Network'

/** The account that would sign in, as CAIP-10 (`eip155:1:0x…`) and its plain address. */
export type SignInTarget = { caipAddress: string; address: string }

/** The namespaces whose accounts sign in: EIP-4361 for `eip155`, CAIP-122 with ed25519 for `solana`, with BIP-322 for `bip122`. */
const SIGNING_NAMESPACES: readonly Namespace[] = ['eip155', 'solana', 'bip122']

/**
 * Who signs in now, or `undefined` when sign-in does not apply: no account, a namespace without
 * a message signer (only `eip155`, `solana` and `bip122` sign), the wallet on a network the app does not
 * support (UnsupportedChain comes first), or a multi-chain connection (WalletConnect's universal
 * provider) that asked for any network outside those namespaces.
 *
 * @example
 * signInTarget({ namespace: 'eip155', network: mainnet, address: '0xf39F…', walletNetwork: 'eip155:1' })
 * // { caipAddress: 'eip155:1:0xf39F…', address: '0xf39F…' }
 */
export function signInTarget(input: {
  namespace: Namespace | undefined
  network: Network | undefined
  address: string | undefined
  /** The network the wallet reports, when known. */
  walletNetwork: string | undefined
  /** The networks a multi-chain connection asked for; `undefined` for a single-namespace wallet. */
  multiChain: readonly string[] | undefined
}): SignInTarget | undefined {
  const { namespace, network, address, walletNetwork, multiChain } = input
  if (!namespace || !SIGNING_NAMESPACES.includes(namespace) || !network || !address) return undefined
  if (walletNetwork !== undefined && walletNetwork !== network.caipNetworkId) return undefined
  if (multiChain && !siwxAppliesTo(multiChain)) return undefined
  return { caipAddress: `${network.caipNetworkId}:${address}`, address }
}
