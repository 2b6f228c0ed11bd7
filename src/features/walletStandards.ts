import type { ConnectorEntry } from '../connectors/Connector'
import type { PorticoOptions } from '../Portico'
import type { Namespace } from '../networks/Network'
import { startBitcoin } from './bitcoin'
import { startSolana } from './solana'
import type { Stores } from '../controllers/stores'

/**
 * Solana's and Bitcoin's starts (each does nothing unless the app lists one of its networks), in a
 * chunk that `startConnectors` loads only for an app that lists one: an EVM-only app never loads
 * their Wallet Standard discovery.
 *
 * @example
 * const { entries, stop } = startWalletStandards(stores, options, true, ['solana'])   // done by startConnectors
 */
export function startWalletStandards(stores: Stores, options: PorticoOptions, discover: boolean, restoring: readonly Namespace[]): { entries: ConnectorEntry[]; stop: () => void } {
  const { networks } = options
  const started = [startSolana(stores, { networks, solana: options.solana, discover, restoring }), startBitcoin(stores, { networks, discover, restoring })]
  return {
    entries: started.flatMap((each) => each.entries),
    stop: () => {
      for (const each of started) each.stop()
    },
  }
}
