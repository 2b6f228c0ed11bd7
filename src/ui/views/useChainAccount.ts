import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { createChainController } from '../../controllers/ChainController'
import type { Namespace, Network } from '../../networks/Network'
import { useController } from '../../react/PorticoContext'

/** A store of what a namespace's node says of an account (Solana's tokens and activity, Bitcoin's activity). */
export type ChainAccountStore<State extends object> = {
  state: State
  reset(): void
  fetch(address: string, network: Network): Promise<void>
}

/**
 * The snapshot of `store`, read again from the node whenever the address or the namespace's active
 * network changes.
 *
 * @example
 * const { activity, loading } = useChainAccount(BitcoinAccountController, 'bip122', address)
 */
export function useChainAccount<State extends object>(store: ChainAccountStore<State>, namespace: Namespace, address: string) {
  const ChainController = useController(createChainController)
  const state = useSnapshot(store.state)
  const caipNetworkId = ChainController.getActiveNetwork(namespace, useSnapshot(ChainController.state))?.caipNetworkId
  useEffect(() => {
    const network = ChainController.getActiveNetwork(namespace)
    if (!address || !network) return
    store.reset()
    void store.fetch(address, network)
  }, [store, namespace, address, caipNetworkId])
  return state
}
