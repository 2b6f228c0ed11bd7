import { configureListing, setListingLoader } from '../controllers/ApiState'
import { ChainController, type Network } from '../controllers/ChainController'
import { ModalController } from '../controllers/ModalController'

/**
 * Points the wallet-listing and blockchain clients at `apiUrl`. They load with the first open of
 * the modal (in their own chunk, `apiClients.ts`, with the listing's fetching), and the listing
 * fills in after the Connect view is shown. Without `apiUrl` nothing is fetched. Returns a stop function.
 *
 * @example
 * const stop = startApis({ apiUrl: 'http://127.0.0.1:8787', networks })   // done by createPortico
 */
export function startApis(options: { apiUrl?: string | undefined; networks: readonly Network[]; featuredWalletIds?: readonly string[] | undefined; swapChainIds?: readonly number[] | undefined }): () => void {
  configureListing({
    featuredWalletIds: options.featuredWalletIds ?? [],
    chains: options.networks.map((n) => n.caipNetworkId),
    namespace: ChainController.state.activeNamespace,
  })
  const { apiUrl } = options
  if (!apiUrl) return () => {}
  let loaded: Promise<typeof import('./apiClients')> | undefined
  const loadModules = () => import('./apiClients')
  const stopPreload = ModalController.onPreload(loadModules)
  const load = () =>
    (loaded ??= loadModules().then((clients) => {
      clients.setApiClients(apiUrl, options)
      return clients
    }))
  // The listing (and the activity client) load with the first open, or when headless hooks ask (`loadListing`).
  const loadListing = async () => (await load()).loadFirstListing()
  const stopOpen = ModalController.onOpen(loadListing)
  const stopLoader = setListingLoader(loadListing)
  return () => {
    stopPreload()
    stopOpen()
    stopLoader()
  }
}
