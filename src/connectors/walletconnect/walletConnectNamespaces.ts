import type { CaipNetworkId, Namespace, Network } from '../../networks/Network'

/** One namespace of a WalletConnect proposal, in the shape `UniversalProvider.connect` takes. */
export type ProposalNamespace = {
  chains: CaipNetworkId[]
  methods: string[]
  events: string[]
  /**
   * The chain's reference (`1` of `eip155:1`) → the app's RPC URL, so the provider reads the
   * app's nodes instead of WalletConnect's own RPC service.
   */
  rpcMap: Record<string, string>
}

export type ProposalNamespaces = {
  /** The namespaces the wallet must support (empty unless the app names required networks). */
  namespaces: Partial<Record<Namespace, ProposalNamespace>>
  optionalNamespaces: Partial<Record<Namespace, ProposalNamespace>>
}

/**
 * What the app asks a wallet for in each chain family: the signing and network methods, and the
 * events it follows. A family joins by adding its line here (its connector code reads the rest).
 */
export const NAMESPACE_METHODS: Readonly<Partial<Record<Namespace, { methods: readonly string[]; events: readonly string[] }>>> = {
  eip155: {
    methods: [
      'eth_accounts',
      'eth_requestAccounts',
      'eth_sendTransaction',
      'eth_sign',
      'personal_sign',
      'eth_signTypedData',
      'eth_signTypedData_v4',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
    ],
    events: ['accountsChanged', 'chainChanged'],
  },
  // WalletConnect's Solana methods: base58 message → { signature }, base64 transaction → { transaction } / { signature }.
  solana: {
    methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
    events: [],
  },
  // WalletConnect's Bitcoin methods: the account is the payment address; PSBTs travel in base64, amounts in satoshis.
  bip122: {
    methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
    events: ['bip122_addressesChanged'],
  },
}

/**
 * The app's networks as a WalletConnect proposal: one namespace per chain family that the app
 * has a network of and that {@link NAMESPACE_METHODS} knows, with each network's first RPC URL in
 * `rpcMap` (keyed by the chain's reference, as the provider looks it up). Networks listed in `required` go to `namespaces`, the rest to `optionalNamespaces`.
 *
 * @example
 * proposalNamespaces([mainnet, optimism], { required: ['eip155:1'] })
 * // { namespaces: { eip155: { chains: ['eip155:1'], … } }, optionalNamespaces: { eip155: { chains: ['eip155:10'], … } } }
 */
export function proposalNamespaces(networks: readonly Network[], options: { required?: readonly CaipNetworkId[] } = {}): ProposalNamespaces {
  const required = new Set(options.required ?? [])
  const result: ProposalNamespaces = { namespaces: {}, optionalNamespaces: {} }
  for (const network of networks) {
    const known = NAMESPACE_METHODS[network.chainNamespace]
    if (!known) continue
    const group = required.has(network.caipNetworkId) ? result.namespaces : result.optionalNamespaces
    const entry = (group[network.chainNamespace] ??= { chains: [], methods: [...known.methods], events: [...known.events], rpcMap: {} })
    if (entry.chains.includes(network.caipNetworkId)) continue
    entry.chains.push(network.caipNetworkId)
    const rpcUrl = network.rpcUrls.default.http[0]
    if (rpcUrl) entry.rpcMap[String(network.id)] = rpcUrl
  }
  return result
}

/** The namespaces a connector built from `networks` serves, in the order the networks come. */
export function servedNamespaces(networks: readonly Network[]): Namespace[] {
  return [...new Set(networks.map((network) => network.chainNamespace).filter((namespace) => NAMESPACE_METHODS[namespace]))]
}
