import { useCallback, useState } from 'react'
import { useStore } from './useStore'
import { createChainController, type Network } from '../controllers/ChainController'
import type { PorticoError } from '../errors/PorticoError'
import { usePorticoInstance, useController } from '../react/PorticoContext'
import { asPorticoError } from './asPorticoError'

export type UseNetworks = {
  /** The active network. */
  network: Network | undefined
  /** The app's networks, in the order given to `createPortico`. */
  networks: readonly Network[]
  /** Asks the wallet to switch (when connected), then makes the network active. Never rejects: see `error`. */
  switchNetwork(caipNetworkId: string): Promise<void>
  switching: boolean
  /** The last switch's failure, typed (a refusal in the wallet is `switchRejected`). */
  error: PorticoError | undefined
}

/**
 * The app's networks, the active one, and a switch with its state and typed error.
 *
 * @example
 * function Networks() {
 *   const { networks, network, switchNetwork } = useNetworks()
 *   return networks.map((n) => <button key={n.caipNetworkId} aria-pressed={n.caipNetworkId === network?.caipNetworkId} onClick={() => void switchNetwork(n.caipNetworkId)}>{n.name}</button>)
 * }
 */
export function useNetworks(): UseNetworks {
  const ChainController = useController(createChainController)
  const portico = usePorticoInstance()
  const chain = useStore(ChainController.state)
  const [switching, setSwitching] = useState(false)
  const [error, setError] = useState<PorticoError | undefined>(undefined)
  const switchNetwork = useCallback(async (caipNetworkId: string) => {
    setSwitching(true)
    setError(undefined)
    try {
      await portico.switchNetwork(caipNetworkId)
    } catch (failure) {
      setError(asPorticoError(failure))
    } finally {
      setSwitching(false)
    }
  }, [portico])
  return { network: ChainController.getActiveNetwork(undefined, chain), networks: chain.networks as readonly Network[], switchNetwork, switching, error }
}
