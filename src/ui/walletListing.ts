import { proxy } from 'valtio/vanilla'
import type { ListedWallet } from '../controllers/ApiController'
import type { RouterWallet } from '../controllers/RouterController'

/**
 * Wallets the app lists itself (`createPortico({ wallets })`), shown besides the browser's wallets
 * and the wallet-infra listing (`ApiController`), e.g. when no `apiUrl` is configured.
 */
export type WalletListingState = { wallets: RouterWallet[] }

/**
 * Makes a Portico's store of the wallets the app lists itself.
 *
 * @example
 * stores.get(createWalletListing).state.wallets = [...options.wallets]
 */
export function createWalletListing() {
  const state = proxy<WalletListingState>({ wallets: [] })
  return {
    state,
    reset() {
      state.wallets = []
    },
  }
}

/**
 * Rows the All wallets view adds each time its list scrolls to the end. Not a page size: the
 * listing's one page size is `ApiController`'s `WALLETS_PAGE_SIZE` (wallets per request).
 */
export const WALLET_ROWS_PER_STEP = 24

/** A wallet of the wallet-infra listing as the router carries it, with its preloaded image. */
export function fromListedWallet(wallet: Omit<ListedWallet, 'chains'>, images: Readonly<Record<string, string>>): RouterWallet {
  return {
    id: wallet.id,
    name: wallet.name,
    imageUrl: wallet.image_id ? images[wallet.image_id] : undefined,
    links: {
      mobile: wallet.mobile_link ?? undefined,
      universal: wallet.link_mode ?? undefined,
      desktop: wallet.desktop_link ?? undefined,
      webapp: wallet.webapp_link ?? undefined,
      rdns: wallet.rdns ?? undefined,
    },
  }
}
