import { createChainController } from '../controllers/ChainController'
import { createOptionsController } from '../controllers/OptionsController'
import type { PorticoOptions } from '../Portico'
import { createWalletListing } from '../ui/walletListing'
import { type Stores, storesOf } from '../controllers/stores'

/**
 * Puts the app's options into the stores: project id, metadata and features, the networks (the
 * first, or Ethereum mainnet if listed, active) and the wallets the app lists itself (the theme
 * is the shell's: `features/modalShell.ts`).
 *
 * @example
 * applyOptions({ networks: [mainnet], projectId: 'demo' })   // done by createPortico
 */
export function applyOptions(stores: Stores, options: PorticoOptions): void {
  const [walletListing, ChainController, OptionsController] = storesOf(stores, createWalletListing, createChainController, createOptionsController)
  OptionsController.setOptions({
    ...(options.projectId !== undefined && { projectId: options.projectId }),
    ...(options.metadata && { metadata: options.metadata }),
    ...(options.features && { features: options.features }),
  })
  ChainController.setNetworks(options.networks)
  walletListing.state.wallets = [...(options.wallets ?? [])]
}
