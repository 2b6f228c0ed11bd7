import { isAuthConnector } from '../connectors/AuthConnector'
import type { SendClient } from '../connectors/SendClient'
import { createWalletSendClient } from '../connectors/walletSendClient'
import { createConnectorController } from '../controllers/ConnectorController'
import { createAccountController } from '../controllers/AccountController'
import { createChainController } from '../controllers/ChainController'
import { createConnectionController } from '../controllers/ConnectionController'
import { createFeatureClients } from '../services/featureClients'
import { createDisconnectCleanups } from '../controllers/forgetOnDisconnect'
import { createSendController } from '../controllers/SendController'
import { createTokenBalancesController } from '../controllers/TokenBalancesController'
import { createTransactionsController } from '../controllers/TransactionsController'
import { type Stores, storesOf } from '../controllers/stores'

/**
 * Wires what the account's journey needs beyond connecting: sending through the connected wallet,
 * and, once a transfer is mined, fresh token balances and a fresh first page of activity. (What a
 * disconnect forgets is `ConnectionController`'s, plus the send form and the token balances,
 * registered here.) Returns a stop function.
 *
 * @example
 * const stop = wireWalletJourney()   // done by startWalletJourney, in a chunk of its own
 */
export function wireWalletJourney(stores: Stores): () => void {
  const [featureClients, cleanups, AccountController, ChainController, ConnectionController, ConnectorController, SendController, TokenBalancesController, TransactionsController] = storesOf(stores, createFeatureClients, createDisconnectCleanups, createAccountController, createChainController, createConnectionController, createConnectorController, createSendController, createTokenBalancesController, createTransactionsController)
  const wallet: SendClient = {
    ...createWalletSendClient(() => ConnectionController.getProvider('eip155')),
    // A smart account's gas: the embedded wallet asks its paymaster (an EOA pays as the preview shows).
    gasPayer(calls) {
      const id = ConnectorController.state.activeConnectorIds.eip155
      const connector = id ? ConnectorController.getInstance(id) : undefined
      return isAuthConnector(connector) && connector.gasPayer ? connector.gasPayer(calls, calls[0]?.chainId ?? 0) : Promise.resolve(undefined)
    },
  }
  SendController.setClient(wallet)
  featureClients.wallet = wallet // swaps send through the same wallet client
  const stopForgetting = [cleanups.forgetOnDisconnect(() => SendController.start()), cleanups.forgetOnDisconnect(() => TokenBalancesController.reset())]
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
