import { ChainController } from '../controllers/ChainController'
import { OptionsController } from '../controllers/OptionsController'
import { ThemeController } from '../controllers/ThemeController'
import type { PorticoOptions } from '../Portico'
import { walletListing } from '../ui/walletListing'

/**
 * Puts the app's options into the stores: project id, metadata and features, the networks (the
 * first, or Ethereum mainnet if listed, active), the theme, and the wallets the app lists itself.
 *
 * @example
 * applyOptions({ networks: [mainnet], themeMode: 'dark' })   // done by createPortico
 */
export function applyOptions(options: PorticoOptions): void {
  OptionsController.setOptions({
    ...(options.projectId !== undefined && { projectId: options.projectId }),
    ...(options.metadata && { metadata: options.metadata }),
    ...(options.features && { features: options.features }),
  })
  ChainController.setNetworks(options.networks)
  if (options.themeMode) ThemeController.setThemeMode(options.themeMode)
  if (options.themeVariables) ThemeController.setThemeVariables(options.themeVariables)
  walletListing.wallets = [...(options.wallets ?? [])]
}
