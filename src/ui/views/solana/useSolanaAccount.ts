import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { ChainController } from '../../../controllers/ChainController'
import { SolanaAccountController } from '../../../controllers/SolanaAccountController'

/** The Solana account's tokens and activity, read again whenever the address or the network changes. */
export function useSolanaAccount(address: string) {
  const state = useSnapshot(SolanaAccountController.state)
  const network = ChainController.getActiveNetwork('solana', useSnapshot(ChainController.state))
  const caipNetworkId = network?.caipNetworkId
  useEffect(() => {
    const current = ChainController.getActiveNetwork('solana')
    if (!address || !current) return
    SolanaAccountController.reset()
    void SolanaAccountController.fetch(address, current)
  }, [address, caipNetworkId])
  return state
}
