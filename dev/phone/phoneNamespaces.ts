import type { WalletKitTypes } from '@reown/walletkit'
import type { Keypair } from '@solana/web3.js'
import { PHONE_BITCOIN_EVENTS, PHONE_BITCOIN_METHODS, type PhoneBitcoinNetwork } from './answerBitcoinRequest'
import { PHONE_SOLANA_METHODS, type PhoneSolanaCluster } from './answerSolanaRequest'
import type { PhoneBitcoinKeys } from './phoneBitcoinKeys'

type Proposal = WalletKitTypes.SessionProposal['params']
type ApprovedNamespace = { chains: string[]; methods: string[]; events: string[]; accounts: string[] }

/** Every chain the app's proposal names, required or optional. */
function askedChains(proposal: Proposal): string[] {
  return [...Object.values(proposal.requiredNamespaces ?? {}), ...Object.values(proposal.optionalNamespaces ?? {})].flatMap((namespace) => namespace.chains ?? [])
}

/**
 * The `solana` namespace to approve, when the phone has a Solana account and the app asks for
 * its cluster (a wallet approves only the chains it holds accounts on).
 *
 * @example
 * solanaNamespace(proposal.params, { keypair, cluster }) // { solana: { chains: ['solana:…'], accounts: ['solana:…:<base58>'], … } } or {}
 */
export function solanaNamespace(proposal: Proposal, solana: { keypair: Keypair; cluster: PhoneSolanaCluster } | undefined): { solana?: ApprovedNamespace } {
  if (!solana || !askedChains(proposal).includes(solana.cluster.caip2)) return {}
  const chain = solana.cluster.caip2
  return { solana: { chains: [chain], methods: [...PHONE_SOLANA_METHODS], events: [], accounts: [`${chain}:${solana.keypair.publicKey.toBase58()}`] } }
}

/**
 * The `bip122` namespace to approve when the app asks for the phone's Bitcoin network: the
 * account is the payment address, and the wallet may send `bip122_addressesChanged`.
 *
 * @example
 * bitcoinNamespace(proposal.params, { keys, network }) // { bip122: { chains: ['bip122:0f91…'], accounts: ['bip122:0f91…:bcrt1q…'], … } } or {}
 */
export function bitcoinNamespace(proposal: Proposal, bitcoin: { keys: PhoneBitcoinKeys; network: PhoneBitcoinNetwork } | undefined): { bip122?: ApprovedNamespace } {
  if (!bitcoin || !askedChains(proposal).includes(bitcoin.network.caip2)) return {}
  const chain = bitcoin.network.caip2
  return { bip122: { chains: [chain], methods: [...PHONE_BITCOIN_METHODS], events: [...PHONE_BITCOIN_EVENTS], accounts: [`${chain}:${bitcoin.keys.payment.address}`] } }
}
