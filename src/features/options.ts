import { ChainController } from '../controllers/ChainController'
import { OptionsController } from '../controllers/OptionsController'
import type { PorticoOptions } from '../Portico'
import { walletListing } from '../ui/walletListing'

/**
 * Puts the app's options into the stores: project id, metadata and features, the networks (the
 * first, or Ethereum mainnet if listed, active) and the wallets the app lists itself (the theme
 * is the shell's: `features/modalShell.ts`).
 *
 * @example
 * applyOptions({ networks: [mainnet], projectId: 'demo' })   // done by createPortico
 */
export function applyOptions(options: PorticoOptions): void {
  OptionsController.setOptions({
    ...(options.projectId !== undefined && { projectId: options.projectId }),
    ...(options.metadata && { metadata: options.metadata }),
    ...(options.features && { features: options.features }),
  })
  ChainController.setNetworks(options.networks)
  walletListing.wallets = [...(options.wallets ?? [])]
}
