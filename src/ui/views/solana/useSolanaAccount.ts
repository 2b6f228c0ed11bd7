import { SolanaAccountController } from '../../../controllers/SolanaAccountController'
import { useChainAccount } from '../useChainAccount'

/** The Solana account's tokens and activity, read again whenever the address or the network changes. */
export function useSolanaAccount(address: string) {
  return useChainAccount(SolanaAccountController, 'solana', address)
}
