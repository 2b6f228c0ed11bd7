import type { ConnectorEntry } from '../connectors/Connector'
import type { Namespace, Network } from '../networks/Network'
import type { SolanaOptions } from '../controllers/SolanaAccountController'
import { startWalletStandard } from './startWalletStandard'
import type { Stores } from '../controllers/stores'

export type { SolanaOptions } from '../controllers/SolanaAccountController'

/**
 * Starts Solana when the app lists a Solana network, without adding Solana's code to the first
 * load: its wiring (`wireSolana`) is imported at once but in a chunk of its own; then the page's
 * Wallet Standard wallets are registered (when `discover`) and a Solana connection of the last
 * visit is restored (`restoring`: `startConnectors` shows it `connecting` meanwhile).
 * Returns the connector entries to register and a stop function.
 *
 * @example
 * const { entries, stop } = startSolana(stores, { networks, discover: true, restoring: [] })   // done by createPortico
 */
export function startSolana(stores: Stores, options: { networks: readonly Network[]; solana?: SolanaOptions | undefined; discover: boolean; restoring: readonly Namespace[] }): { entries: ConnectorEntry[]; stop: () => void } {
  return startWalletStandard(stores, 'solana', options, () => import('./solanaWiring').then(({ wireSolana }) => (stores: Stores) => wireSolana(stores, options.solana)))
}
