import { BlockchainApi } from '../api/BlockchainApi'
import { WalletInfraApi } from '../api/WalletInfraApi'
import { createApiController } from '../controllers/ApiController'
import { createChainController } from '../controllers/ChainController'
import { createConnectorController } from '../controllers/ConnectorController'
import { createOptionsController } from '../controllers/OptionsController'
import { createTokenBalancesController } from '../controllers/TokenBalancesController'
import { createTransactionsController } from '../controllers/TransactionsController'
import { createFeatureClients } from '../services/featureClients'
import { isMobileDevice } from '../rules/isMobileDevice'
import { type Stores, storesOf } from '../controllers/stores'

/**
 * Points the wallet-listing and blockchain clients at `apiUrl` (the project id and SDK of the
 * options' store). In the chunk that `startApis` loads with the modal's first open, or with a
 * headless hook's first listing.
 *
 * @example
 * setApiClients('http://127.0.0.1:8787', {})   // done by startApis
 */
export function setApiClients(stores: Stores, apiUrl: string, options: { swapChainIds?: readonly number[] | undefined }): void {
  const [featureClients, ApiController, OptionsController, TokenBalancesController, TransactionsController] = storesOf(stores, createFeatureClients, createApiController, createOptionsController, createTokenBalancesController, createTransactionsController)
  const sdk = { baseUrl: apiUrl, projectId: OptionsController.state.projectId, sdkType: OptionsController.state.sdkType, sdkVersion: OptionsController.state.sdkVersion }
  ApiController.setClient(new WalletInfraApi(sdk))
  const blockchain = new BlockchainApi({ ...sdk, ...(options.swapChainIds && { swapChainIds: options.swapChainIds }) })
  featureClients.blockchain = blockchain
  TransactionsController.setClient(blockchain)
  TokenBalancesController.setClient(blockchain)
}

/**
 * The listing's first page, featured and recommended wallets (those not loaded yet). The
 * browser's wallets are listed as installed; the catalogue does not repeat them. On a phone only
 * wallets with a phone app are listed; with WalletConnect, only those it can open.
 *
 * @example
 * await loadFirstListing()   // done by startApis' loader
 */
export async function loadFirstListing(stores: Stores): Promise<void> {
  const [ApiController, ChainController, ConnectorController] = storesOf(stores, createApiController, createChainController, createConnectorController)
  const connectors = ConnectorController.state.connectors
  ApiController.configure({
    excludedRdns: connectors.flatMap((c) => (c.info?.rdns ? [c.info.rdns] : [])),
    isMobile: isMobileDevice(),
    // The seed's phone rule for Solana (Phantom and Solflare listed without a mobile link) follows the namespace in front.
    namespace: ChainController.state.activeNamespace,
    universalProvider: ConnectorController.walletConnect() !== undefined,
  })
  const s = ApiController.state
  await Promise.allSettled([
    s.recommended.length === 0 ? ApiController.fetchRecommendedWallets() : undefined,
    s.featured.length === 0 ? ApiController.fetchFeaturedWallets() : undefined,
    s.page === 0 ? ApiController.fetchWalletsByPage({ page: 1 }) : undefined,
  ])
}
