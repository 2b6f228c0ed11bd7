import { loadConnectionController } from '../controllers/connection/loadConnectionController'
import { createConnectorController } from '../controllers/ConnectorController'
import { createModalController } from '../controllers/ModalController'
import { createRouterController, type View } from '../controllers/RouterController'
import { loadQrLibrary } from '../ui/loadQrLibrary'
import { type Stores, storesOf } from '../controllers/stores'

/** The views a WalletConnect QR code is one click away from. */
const PAIRING_NEAR: readonly View[] = ['Connect', 'ConnectWallets', 'AllWallets', 'ConnectingWalletConnect']

/**
 * WalletConnect without a wait, started by `createPortico` when the app registers a
 * WalletConnect connector (nothing registers at import time):
 * - on the modal's preload (the page idle, or a hover on Connect): the provider's chunk loads and
 *   the provider starts on the relay;
 * - on an open on the wallet list: the pairing is made (URI and proposal on the relay) and the QR
 *   library loads, so that a click on WalletConnect paints its QR code without a request.
 * Returns the undo, for `destroy()`.
 *
 * @example
 * const stop = startWalletConnectPreload(stores)
 * stop()
 */
export function startWalletConnectPreload(stores: Stores): () => void {
  const [ConnectorController, ModalController, RouterController] = storesOf(stores, createConnectorController, createModalController, createRouterController)
  const stopPreload = ModalController.onPreload(() => {
    const connector = ConnectorController.walletConnect()
    if (connector) return loadConnectionController(stores).then((connection) => connection.prepare(connector.id))
  })
  const stopOpen = ModalController.onOpen(() => {
    if (!ConnectorController.walletConnect() || !PAIRING_NEAR.includes(RouterController.state.view)) return
    return Promise.all([loadConnectionController(stores).then((connection) => connection.preparePairing()), loadQrLibrary()])
  })
  return () => {
    stopPreload()
    stopOpen()
  }
}
