import { isAuthConnector } from '../connectors/AuthConnector'
import type { SendClient } from '../connectors/SendClient'
import { createWalletSendClient } from '../connectors/walletSendClient'
import { ConnectorController } from '../controllers/ConnectorController'
import { AccountController } from '../controllers/AccountController'
import { ChainController } from '../controllers/ChainController'
import { ConnectionController } from '../controllers/ConnectionController'
import { featureClients } from '../services/featureClients'
import { forgetOnDisconnect } from '../controllers/forgetOnDisconnect'
import { SendController } from '../controllers/SendController'
import { TokenBalancesController } from '../controllers/TokenBalancesController'
import { TransactionsController } from '../controllers/TransactionsController'
import { usesStores } from '../controllers/startedStores'

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
  const wallet: SendClient = {
    ...createWalletSendClient(() => ConnectionController.getProvider('eip155')),
    // A smart account's gas: the embedded wallet asks its paymaster (an EOA pays as the preview shows).
    gasPayer(calls) {
      const id = ConnectorController.state.activeConnectorIds.eip155
      const connector = id ? ConnectorController.getInstance(id) : undefined
      return isAuthConnector(connector) && connector.gasPayer ? connector.gasPayer(calls, calls[0]?.chainId ?? 0) : Promise.resolve(undefined)
    },
  }
  usesStores(ConnectionController, ConnectorController, SendController, TokenBalancesController, TransactionsController)
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
