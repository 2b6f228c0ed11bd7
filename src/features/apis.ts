import { createApiState } from '../controllers/ApiState'
import { createChainController, type Network } from '../controllers/ChainController'
import { type Stores, storesOf } from '../controllers/stores'

/** The modal's first open and its preload (`ModalController.onOpen`, `onPreload`); each registration returns its undo. */
export type ModalEvents = { onOpen(listener: () => unknown): () => void; onPreload(listener: () => unknown): () => void }

/**
 * Points the wallet-listing and blockchain clients at `apiUrl`. They load with the first open of
 * the `modal` (in their own chunk, `apiClients.ts`, with the listing's fetching), and the listing
 * fills in after the Connect view is shown; without a modal, with a headless hook's first listing
 * (`loadListing`). Without `apiUrl` nothing is fetched. Returns a stop function.
 *
 * @example
 * const stop = startApis(stores, { apiUrl: 'http://127.0.0.1:8787', networks }, ModalController)   // done by createPortico
 */
export function startApis(
  stores: Stores, options: { apiUrl?: string | undefined; networks: readonly Network[]; featuredWalletIds?: readonly string[] | undefined; swapChainIds?: readonly number[] | undefined },
  modal?: ModalEvents,
): () => void {
  const [listing, ChainController] = storesOf(stores, createApiState, createChainController)
  listing.configure({
    featuredWalletIds: options.featuredWalletIds ?? [],
    chains: options.networks.map((n) => n.caipNetworkId),
    namespace: ChainController.state.activeNamespace,
  })
  const { apiUrl } = options
  if (!apiUrl) return () => {}
  let loaded: Promise<typeof import('./apiClients')> | undefined
  const loadModules = () => import('./apiClients')
  const stopPreload = modal?.onPreload(loadModules)
  const load = () =>
    (loaded ??= loadModules().then((clients) => {
      clients.setApiClients(stores, apiUrl, options)
      return clients
    }))
  // The listing (and the activity client) load with the first open, or when headless hooks ask (`loadListing`).
  const loadListing = async () => (await load()).loadFirstListing(stores)
  const stopOpen = modal?.onOpen(loadListing)
  const stopLoader = listing.setLoader(loadListing)
  return () => {
    stopPreload?.()
    stopOpen?.()
    stopLoader()
  }
}
