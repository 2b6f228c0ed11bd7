/**
 * `portico/embedded`: the embedded wallet (email and social login through a self-hosted secure site).
 *
 * @module portico/embedded
 */
import { EmbeddedConnector, type EmbeddedWalletOptions } from './EmbeddedConnector'

export type { EmbeddedWalletOptions } from './EmbeddedConnector'
export type { AuthConnector, EmailConnectAction, UpdateEmailAction } from '../AuthConnector'

/**
 * The embedded wallet for `createPortico({ connectors })`: the modal then offers email (and the
 * social logins) through the secure site at `secureSiteUrl`, on its own origin. The frame and its
 * protocol load only when the visitor picks email or a stored session is restored.
 *
 * @example
 * import { embeddedWallet } from 'portico/embedded'
 * createPortico({ networks, projectId, connectors: [embeddedWallet({ secureSiteUrl: 'https://wallet.example.com/' })] })
 */
export function embeddedWallet(options: EmbeddedWalletOptions): EmbeddedConnector {
  return new EmbeddedConnector(options)
}
