import { createConnectionController } from '../controllers/ConnectionController'
import { createConnectorController } from '../controllers/ConnectorController'
import { createRouterController, type RouterWallet } from '../controllers/RouterController'
import { type Stores, storesOf } from '../controllers/stores'

/**
 * Opens the connecting view that fits a wallet: its browser extension when one is registered,
 * else WalletConnect (QR code or deep link).
 */
export function openWallet(stores: Stores, wallet: RouterWallet) {
  const [ConnectionController, ConnectorController, RouterController] = storesOf(stores, createConnectionController, createConnectorController, createRouterController)
  const connector = ConnectorController.getConnector(wallet.id)
  const data = { wallet: { id: wallet.id, name: wallet.name, imageUrl: wallet.imageUrl, links: wallet.links } }
  if (connector && connector.type !== 'walletConnect') RouterController.push('ConnectingExternal', data)
  else {
    // As for the WalletConnect entry: the provider starts while the view's chunk loads.
    const walletConnect = ConnectorController.walletConnect()
    if (walletConnect) ConnectionController.prepare(walletConnect.id)
    RouterController.push('ConnectingWalletConnect', data)
  }
}
