/**
 * `portico/walletconnect`: the WalletConnect connector (a QR code, and deep links on phones).
 *
 * @module portico/walletconnect
 */
import { WalletConnectConnector, type WalletConnectOptions } from './WalletConnectConnector'

export type { WalletConnectMetadata, WalletConnectOptions } from './WalletConnectConnector'

/**
 * The WalletConnect connector for `createPortico({ connectors })`: the modal then offers
 * "WalletConnect" (a QR code, and deep links on phones). `@walletconnect/universal-provider`
 * (an optional peer dependency) is imported only when the modal needs a pairing URI or a reload
 * restores a session.
 *
 * @example
 * import { walletConnect } from 'portico/walletconnect'
 * createPortico({ networks, projectId, connectors: [walletConnect({ relayUrl: 'wss://relay.example.com' })] })
 */
export function walletConnect(options: WalletConnectOptions = {}): WalletConnectConnector {
  return new WalletConnectConnector(options)
}
