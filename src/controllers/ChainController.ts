import { proxy, type Snapshot } from 'valtio/vanilla'
import { storeOf } from './stores'
import { type CaipNetworkId, type Namespace, NAMESPACES, type Network, UnsupportedNamespaceError, UnsupportedNetworkError, assertNetwork } from '../networks/Network'

// The network types live in Network.ts (beside their validation); they stay importable from here.
export type { CaipNetworkId, Namespace, Network } from '../networks/Network'
export { NAMESPACES } from '../networks/Network'

/** The network chosen when the app names none: Ethereum mainnet. */
export const DEFAULT_CHAIN: CaipNetworkId = 'eip155:1'

/** Decimals of each namespace's native currency (ETH 18, SOL 9, BTC 8, DOT 10). */
export const NATIVE_DECIMALS: Record<Namespace, number> = { eip155: 18, solana: 9, bip122: 8, polkadot: 10 }

/** State of the networks: what the app supports and which one is active. */
export type ChainState = {
  networks: Network[]
  activeNamespace: Namespace | undefined
  /** The active network of each namespace. */
  activeNetworkIds: Partial<Record<Namespace, CaipNetworkId>>
}

const initial = (): ChainState => ({ networks: [], activeNamespace: undefined, activeNetworkIds: {} })

/**
 * Makes a Portico's networks store: the networks and the active one.
 *
 * @example
 * const ChainController = stores.get(createChainController)
 * ChainController.setNetworks([mainnet, sepolia])
 * ChainController.setActiveNetwork('eip155:11155111')
 * ChainController.getActiveNetwork()?.name // 'Sepolia'
 */
export function createChainController() {
  /** The live state (the store's `state`), named so that methods can default to it. */
  const liveChain = proxy<ChainState>(initial())

  const ChainController = {
    state: liveChain,

    /**
     * Replaces the supported networks (each checked, see `assertNetwork`); `eip155:1` if listed,
     * else the first, becomes active.
     */
    setNetworks(networks: readonly Network[]) {
      for (const network of networks) assertNetwork(network)
      ChainController.state.networks = [...networks]
      const fallback = networks.find((n) => n.caipNetworkId === DEFAULT_CHAIN) ?? networks[0]
      if (!ChainController.getActiveNetwork() && fallback) ChainController.setActiveNetwork(fallback.caipNetworkId)
    },

    /** The network with this CAIP-2 id, if the app supports it (in `state`: a view passes its snapshot). */
    getNetwork(caipNetworkId: string, state: Snapshot<ChainState> = liveChain): Network | undefined {
      return state.networks.find((n) => n.caipNetworkId === caipNetworkId)
    },

    /** Networks of one namespace. */
    getNetworks(namespace: Namespace): Network[] {
      return ChainController.state.networks.filter((n) => n.chainNamespace === namespace)
    },

    /** Makes a supported network active (and its namespace); throws `UnsupportedNetworkError` otherwise. */
    setActiveNetwork(caipNetworkId: string) {
      const network = ChainController.getNetwork(caipNetworkId)
      if (!network) throw new UnsupportedNetworkError(caipNetworkId)
      ChainController.state.activeNamespace = network.chainNamespace
      ChainController.state.activeNetworkIds[network.chainNamespace] = network.caipNetworkId
    },

    /**
     * Moves to another namespace: its network last used (else its first) becomes active. Throws
     * `UnsupportedNamespaceError` ('Unsupported chain namespace: {ns}') when the app lists none.
     */
    switchActiveNamespace(namespace: Namespace): Network {
      const networks = NAMESPACES.includes(namespace) ? ChainController.getNetworks(namespace) : []
      const network = ChainController.getActiveNetwork(namespace) ?? networks[0]
      if (!network) throw new UnsupportedNamespaceError(namespace)
      ChainController.setActiveNetwork(network.caipNetworkId)
      return network
    },

    /** The app's networks grouped by namespace, in the order of `NAMESPACES` (the network list's sections). */
    getNetworksByNamespace(state: Snapshot<ChainState> = liveChain): { namespace: Namespace; networks: Network[] }[] {
      return NAMESPACES.map((namespace) => ({ namespace, networks: state.networks.filter((n) => n.chainNamespace === namespace) as Network[] }))
        .filter((group) => group.networks.length > 0)
    },

    /** Makes a namespace active, keeping the network last used in it. */
    setActiveNamespace(namespace: Namespace | undefined) {
      ChainController.state.activeNamespace = namespace
    },

    /** The active network of `namespace` (default: the active namespace), in `state` (a view passes its snapshot). */
    getActiveNetwork(namespace?: Namespace, state: Snapshot<ChainState> = liveChain): Network | undefined {
      const ns = namespace ?? state.activeNamespace
      const id = ns ? state.activeNetworkIds[ns] : undefined
      return id ? ChainController.getNetwork(id, state) : undefined
    },

    /** Whether a CAIP-2 id is one of the app's networks (e.g. to show UnsupportedChain). */
    isSupported(caipNetworkId: string, state: Snapshot<ChainState> = liveChain): boolean {
      return ChainController.getNetwork(caipNetworkId, state) !== undefined
    },

    reset() {
      Object.assign(ChainController.state, initial())
    },
  }
  return ChainController
}

/** A Portico's networks store. */
export type ChainController = ReturnType<typeof createChainController>
