import type { ConnectorEntry } from '../connectors/Connector'
import type { PorticoOptions } from '../Portico'
import { startBitcoin } from './bitcoin'
import { startSolana } from './solana'

/**
 * Solana's and Bitcoin's starts (each does nothing unless the app lists one of its networks), in a
 * chunk that `startConnectors` loads only for an app that lists one: an EVM-only app never loads
 * their Wallet Standard discovery.
 *
 * @example
 * const { entries, stop } = startWalletStandards(options, true)   // done by startConnectors
 */
export function startWalletStandards(options: PorticoOptions, discover: boolean): { entries: ConnectorEntry[]; stop: () => void } {
  const started = [startSolana({ networks: options.networks, solana: options.solana, discover }), startBitcoin({ networks: options.networks, discover })]
  return {
    entries: started.flatMap((each) => each.entries),
    stop: () => {
      for (const each of started) each.stop()
    },
  }
}
