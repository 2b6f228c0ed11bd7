import { createWalletSendClient } from '../connectors/walletSendClient'
import { AccountController } from '../controllers/AccountController'
import { ChainController } from '../controllers/ChainController'
import { ConnectionController } from '../controllers/ConnectionController'
import { featureClients } from '../controllers/featureClients'
import { forgetOnDisconnect } from '../controllers/forgetOnDisconnect'
import { SendController } from '../controllers/SendController'
import { TokenBalancesController } from '../controllers/TokenBalancesController'
import { TransactionsController } from '../controllers/TransactionsController'

/**
 * Wires what the account's journey needs beyond connecting: sending through the connected wallet,
 * and, once a transfer is mined, fresh token balances and a fresh first page of activity. (What a
 * disconnect forgets is `ConnectionController`'s, plus the send form and the token balances,
 * registered here.) Returns a stop function.
 *
 * @example
 * const stop = wireWalletJourney()   // done by startWalletJourney, in a chunk of its own
 */
export function wireWalletJourney(): () => void {
  const wallet = createWalletSendClient(() => ConnectionController.getProvider('eip155'))
  SendController.setClient(wallet)
  featureClients.wallet = wallet // swaps send through the same wallet client
  const stopForgetting = [forgetOnDisconnect(() => SendController.start()), forgetOnDisconnect(() => TokenBalancesController.reset())]
  const stopSent = SendController.onSent(() => {
    const address = AccountController.getAccount('eip155')?.address
    const network = ChainController.getActiveNetwork('eip155')?.caipNetworkId
    if (!address || !network) return
    void TokenBalancesController.fetch(address, network, { force: true })
    TransactionsController.reset()
    TransactionsController.fetchTransactions(address, network).catch(() => undefined)
  })
  return () => {
    stopSent()
    for (const stop of stopForgetting) stop()
    SendController.setClient(undefined)
    featureClients.wallet = undefined
  }
}
