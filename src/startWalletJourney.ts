import type { EIP1193Provider } from './connectors/eip6963'
import { createWalletSendClient } from './connectors/walletSendClient'
import { AccountController } from './controllers/AccountController'
import { ChainController } from './controllers/ChainController'
import { ConnectionController } from './controllers/ConnectionController'
import { SendController } from './controllers/SendController'
import { TokenBalancesController } from './controllers/TokenBalancesController'
import { TransactionsController } from './controllers/TransactionsController'

/**
 * Wires what the account's journey needs beyond connecting: sending through the connected wallet,
 * and, once a transfer is mined, fresh token balances and a fresh first page of activity. On
 * disconnect the balances and any send in progress are forgotten. Returns a stop function.
 *
 * @example
 * const stop = startWalletJourney(() => portico.getProvider())   // done by createPortico
 */
export function startWalletJourney(getProvider: () => EIP1193Provider | undefined): () => void {
  SendController.setClient(createWalletSendClient(getProvider))
  const stopSent = SendController.onSent(() => {
    const address = AccountController.getAccount('eip155')?.address
    const network = ChainController.getActiveNetwork('eip155')?.caipNetworkId
    if (!address || !network) return
    void TokenBalancesController.fetch(address, network, { force: true })
    TransactionsController.reset()
    TransactionsController.fetchTransactions(address, network).catch(() => undefined)
  })
  const stopDisconnect = ConnectionController.onDisconnect(() => {
    TokenBalancesController.reset()
    SendController.start()
  })
  return () => {
    stopSent()
    stopDisconnect()
    SendController.setClient(undefined)
  }
}
