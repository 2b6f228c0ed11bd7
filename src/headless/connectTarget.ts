import { createAccountController } from '../controllers/AccountController'
import { loadConnectionController } from '../controllers/connection/loadConnectionController'
import { createConnectorController } from '../controllers/ConnectorController'
import type { SocialPopup } from '../controllers/connection/socialLogin'
import { WalletConnectUnavailableError } from '../errors/ConnectionError'
import type { SocialProvider } from '../controllers/OptionsController'
import { type Stores, storesOf } from '../controllers/stores'

/** What `useConnect` connects. */
export type ConnectTarget =
  /** A wallet of `useWallets` by id: its browser extension when registered, else WalletConnect. */
  | { walletId: string }
  /** WalletConnect: a pairing URI for a QR code or a deep link, renewed before its 4 minutes run out. */
  | 'walletConnect'
  /** The embedded wallet's email login; the steps after the first are `useEmailLogin`'s. */
  | { email: string }
  /** A social login in a popup (call `connect` inside the click). */
  | { social: Exclude<SocialProvider, 'farcaster'> }
  /** Farcaster sign-in: `farcasterUrl` for the QR code. */
  | 'farcaster'

/**
 * Runs one attempt of `useConnect`, loaded with its first click (not in an app's first load):
 * a WalletConnect pairing is shown and renewed until `stopPairing` is called; a login or a
 * wallet connects. Resolves with where the attempt stands: `pairing` (the phone's answer comes
 * through the connection store), `connected`, or `idle` (an email login waiting for its code).
 * Throws the attempt's failure.
 *
 * @example
 * const outcome = await connectTarget(portico.stores, { walletId: 'io.metamask' }, { walletConnect: false, popup: null })
 */
export async function connectTarget(stores: Stores, target: ConnectTarget, how: { walletConnect: boolean; popup: SocialPopup | null; onPairing?: (stop: () => void) => void }): Promise<'pairing' | 'connected' | 'idle'> {
  const [AccountController, ConnectorController] = storesOf(stores, createAccountController, createConnectorController)
  if (how.walletConnect) {
    const connector = ConnectorController.walletConnect()
    if (!connector) throw new WalletConnectUnavailableError()
    const connection = await loadConnectionController(stores)
    connection.prepare(connector.id)
    how.onPairing?.(connection.showPairing())
    return 'pairing'
  }
  if (target === 'walletConnect') return 'pairing'
  // The connect flow, with its logins, loads with the first attempt (after the popup has opened).
  const connection = await loadConnectionController(stores)
  if (target === 'farcaster') await connection.connectFarcaster()
  else if ('social' in target) await connection.connectSocial(target.social, how.popup)
  else if ('email' in target) {
    await connection.connectEmail(target.email)
    if (!AccountController.isConnected()) return 'idle'
  } else {
    const info = ConnectorController.getConnector(target.walletId)
    if (!info) throw new WalletConnectUnavailableError()
    await connection.connect(info)
  }
  return 'connected'
}
