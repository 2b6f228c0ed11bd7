import { solanaReadClient } from './api/SolanaRpcClient'
import { createSolanaSendClient } from './connectors/solana/solanaSendClient'
import { AccountController } from './controllers/AccountController'
import { BalanceService } from './controllers/BalanceService'
import { ChainController } from './controllers/ChainController'
import { ConnectionController } from './controllers/ConnectionController'
import { SolanaAccountController, type SolanaTokenInfo } from './controllers/SolanaAccountController'
import { SolanaSendController } from './controllers/SolanaSendController'

/**
 * What the Solana account needs beyond connecting: its tokens and activity read from the node,
 * sending through the connected wallet, and fresh balances, tokens and activity once a transfer
 * is confirmed. Loaded in its own chunk (web3.js with it). Returns a stop function.
 */
export function startSolanaJourney(tokens: readonly SolanaTokenInfo[]): () => void {
  SolanaAccountController.setKnownTokens(tokens)
  SolanaAccountController.setClient(solanaReadClient)
  SolanaSendController.setClient(createSolanaSendClient(() => ConnectionController.getProvider('solana')))
  const stopSent = SolanaSendController.onSent(() => {
    const address = AccountController.getAccount('solana')?.address
    const network = ChainController.getActiveNetwork('solana')
    void BalanceService.refreshNamespace('solana')
    if (address && network) void SolanaAccountController.fetch(address, network)
  })
  return () => {
    stopSent()
    SolanaAccountController.setClient(undefined)
    SolanaSendController.setClient(undefined)
  }
}
