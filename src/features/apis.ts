import { ApiController } from '../controllers/ApiController'
import { ChainController, type Network } from '../controllers/ChainController'
import { ConnectorController } from '../controllers/ConnectorController'
import { featureClients } from '../services/featureClients'
import { ModalController } from '../controllers/ModalController'
import { OptionsController } from '../controllers/OptionsController'
import { usesStores } from '../controllers/startedStores'
import { isMobileDevice } from '../ui/walletDeepLink'

/**
 * Points the wallet-listing and blockchain clients at `apiUrl`. They load with the first open of
 * the modal (in their own chunk), and the listing fills in after the Connect view is shown.
 * Without `apiUrl` nothing is fetched. Returns a stop function.
 *
 * @example
 * const stop = startApis({ apiUrl: 'http://127.0.0.1:8787', networks })   // done by createPortico
 */
export function startApis(options: { apiUrl?: string | undefined; networks: readonly Network[]; featuredWalletIds?: readonly string[] | undefined; swapChainIds?: readonly number[] | undefined }): () => void {
  usesStores(ApiController, ConnectorController, OptionsController)
  ApiController.configure({
    featuredWalletIds: options.featuredWalletIds ?? [],
    chains: options.networks.map((n) => n.caipNetworkId),
    namespace: ChainController.state.activeNamespace,
  })
  const { apiUrl } = options
  if (!apiUrl) return () => {}
  let loaded: Promise<void> | undefined
  const loadModules = () => Promise.all([import('../api/WalletInfraApi'), import('../api/BlockchainApi'), import('../controllers/TokenBalancesController'), import('../controllers/TransactionsController')])
  const stopPreload = ModalController.onPreload(loadModules)
  const load = () =>
    (loaded ??= (async () => {
      const sdk = { baseUrl: apiUrl, projectId: OptionsController.state.projectId, sdkType: OptionsController.state.sdkType, sdkVersion: OptionsController.state.sdkVersion }
      const [{ WalletInfraApi }, { BlockchainApi }, { TokenBalancesController }, { TransactionsController }] = await loadModules()
      ApiController.setClient(new WalletInfraApi(sdk))
      const blockchain = new BlockchainApi({ ...sdk, ...(options.swapChainIds && { swapChainIds: options.swapChainIds }) })
      featureClients.blockchain = blockchain
      usesStores(TokenBalancesController, TransactionsController)
      TransactionsController.setClient(blockchain)
      TokenBalancesController.setClient(blockchain)
    })())
  // The listing (and the activity client) load with the first open, or when headless hooks ask (`ApiController.load`).
  const loadListing = async () => {
    await load()
    // The browser's wallets are listed as installed; the catalogue does not repeat them. On a
    // phone only wallets with a phone app are listed; with WalletConnect, only those it can open.
    const connectors = ConnectorController.state.connectors
    ApiController.configure({
      excludedRdns: connectors.flatMap((c) => (c.info?.rdns ? [c.info.rdns] : [])),
      isMobile: isMobileDevice(),
      // The seed's phone rule for Solana (Phantom and Solflare listed without a mobile link) follows the namespace in front.
      namespace: ChainController.state.activeNamespace,
      universalProvider: connectors.some((c) => c.type === 'walletConnect'),
    })
    const s = ApiController.state
    await Promise.allSettled([
      s.recommended.length === 0 ? ApiController.fetchRecommendedWallets() : undefined,
      s.featured.length === 0 ? ApiController.fetchFeaturedWallets() : undefined,
      s.page === 0 ? ApiController.fetchWalletsByPage({ page: 1 }) : undefined,
    ])
  }
  const stopOpen = ModalController.onOpen(loadListing)
  const stopLoader = ApiController.setLoader(loadListing)
  return () => {
    stopPreload()
    stopOpen()
    stopLoader()
  }
}
