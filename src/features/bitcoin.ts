import type { ConnectorEntry } from '../connectors/Connector'
import type { Namespace, Network } from '../networks/Network'
import { startWalletStandard } from './startWalletStandard'
import type { Stores } from '../controllers/stores'

/**
 * Starts Bitcoin when the app lists a `bip122` network, without adding Bitcoin's code to the first
 * load (an EVM-only app never loads it): its wiring (`bitcoinWiring.ts`) is imported in a chunk of its
 * own; then the page's Wallet Standard Bitcoin wallets are registered (when `discover`) and a
 * Bitcoin connection of the last visit is restored. Returns the connector entries and a stop function.
 *
 * @example
 * const { entries, stop } = startBitcoin(stores, { networks, discover: true, restoring: [] })   // done by createPortico
 */
export function startBitcoin(stores: Stores, options: { networks: readonly Network[]; discover: boolean; restoring: readonly Namespace[] }): { entries: ConnectorEntry[]; stop: () => void } {
  return startWalletStandard(stores, 'bip122', options, () => import('./bitcoinWiring').then(({ wireBitcoin }) => wireBitcoin))
}
