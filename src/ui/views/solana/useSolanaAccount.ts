import { createSolanaAccountController } from '../../../controllers/SolanaAccountController'
import { useChainAccount } from '../useChainAccount'
import { useController } from '../../../react/PorticoContext'

/** The Solana account's tokens and activity, read again whenever the address or the network changes. */
export function useSolanaAccount(address: string) {
  const SolanaAccountController = useController(createSolanaAccountController)
  return useChainAccount(SolanaAccountController, 'solana', address)
}
