import { loadConnectionController } from '../controllers/connection/loadConnectionController'
import { ConnectorController } from '../controllers/ConnectorController'
import { ModalController } from '../controllers/ModalController'
import { RouterController, type View } from '../controllers/RouterController'
import { loadQrLibrary } from '../ui/loadQrLibrary'

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
 * const stop = startWalletConnectPreload()
 * stop()
 */
export function startWalletConnectPreload(): () => void {
  const stopPreload = ModalController.onPreload(() => {
    const connector = ConnectorController.walletConnect()
    if (connector) return loadConnectionController().then((connection) => connection.prepare(connector.id))
  })
  const stopOpen = ModalController.onOpen(() => {
    if (!ConnectorController.walletConnect() || !PAIRING_NEAR.includes(RouterController.state.view)) return
    return Promise.all([loadConnectionController().then((connection) => connection.preparePairing()), loadQrLibrary()])
  })
  return () => {
    stopPreload()
    stopOpen()
  }
}
