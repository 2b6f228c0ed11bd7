import { proxy } from 'valtio/vanilla'
import type { RouterWallet } from '../controllers/RouterController'

/**
 * Stand-in for the wallet-listing store (ApiController, not yet in `src/controllers`): the wallets
 * `createPortico` was given, the featured ids, and the WalletConnect uri while pairing. Filled by
 * `createPortico`, read by the views.
 */
export type WalletListingState = {
  wallets: RouterWallet[]
  featuredIds: string[]
  walletConnectUri: string | undefined
}

export const walletListing = proxy<WalletListingState>({ wallets: [], featuredIds: [], walletConnectUri: undefined })

/** Wallets per page of the All wallets view. */
export const WALLETS_PAGE_SIZE = 24
