import { proxy } from 'valtio/vanilla'

/** A catalogue wallet, as much of it as the listing needs (the wallet-infra API's `Wallet` fits). */
export type ListedWallet = {
  id: string
  name: string
  image_id?: string | null
  rdns?: string | null
  mobile_link?: string | null
  /** The wallet's universal link (`https://…`), opened instead of `mobile_link` when the app prefers universal links. */
  link_mode?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  chains?: string[] | null
  order?: number | null
}

/** One page request of the wallet listing. */
export type WalletQuery = {
  page: number
  entries?: number
  include?: readonly string[]
  exclude?: readonly string[]
  /** CAIP-2 chain ids the wallets must support. */
  chains?: readonly string[]
  search?: string
}

/** The part of the wallet-infra client the listing uses; handed in with `setClient`. */
export type WalletListingClient = {
  getWallets(params: WalletQuery): Promise<{ count: number; data: ListedWallet[] }>
  fetchWalletImage(imageId: string, signal?: AbortSignal): Promise<Blob>
}

/** How the listing is narrowed (app options and the device). */
export type ListingOptions = {
  featuredWalletIds: readonly string[]
  includeWalletIds: readonly string[]
  excludeWalletIds: readonly string[]
  /** Wallets hidden by name or rdns (e.g. those already shown as installed). */
  excludedNames: readonly string[]
  excludedRdns: readonly string[]
  /** CAIP-2 ids of the app's networks. */
  chains: readonly string[]
  isMobile: boolean
  /** The active namespace ('eip155', 'solana', …). */
  namespace: string | undefined
  /** A universal-provider (WalletConnect) setup: wallets need a mobile, desktop or web link. */
  universalProvider: boolean
}

export type ApiState = {
  /** Last page loaded of the full list. */
  page: number
  /** Wallets the API has for this listing (for "load more"). */
  count: number
  /** Wallets the API has returned for this listing so far, before this device's own filter (`isWalletListed`). */
  fetched: number
  wallets: ListedWallet[]
  recommended: ListedWallet[]
  featured: ListedWallet[]
  searchQuery: string
  search: ListedWallet[]
  loading: boolean
  searching: boolean
  /** Image id → object URL of a preloaded image. */
  walletImages: Record<string, string>
  error: string | undefined
}

export const initialListingOptions = (): ListingOptions => ({
  featuredWalletIds: [], includeWalletIds: [], excludeWalletIds: [], excludedNames: [], excludedRdns: [],
  chains: [], isMobile: false, namespace: undefined, universalProvider: false,
})
export const initialApiState = (): ApiState => ({
  page: 0, count: 0, fetched: 0, wallets: [], recommended: [], featured: [], searchQuery: '', search: [],
  loading: false, searching: false, walletImages: {}, error: undefined,
})

/**
 * Makes a Portico's wallet-listing state, apart from its fetching (`ApiController`, which loads
 * with the listing's client): what a hook or a view renders (`state`), how the listing is
 * narrowed, and what loads it.
 *
 * @example
 * const listing = stores.get(createApiState)
 * listing.configure({ featuredWalletIds: ['c57ca95b…'], chains: ['eip155:1'] })
 * listing.showSearching('rain')   // listing.state.searching is true
 */
export function createApiState() {
  const state = proxy<ApiState>(initialApiState())
  let options = initialListingOptions()
  /** What loads the client and the first listing (set by `startApis`), for `load()`. */
  let loader: (() => Promise<void>) | undefined

  const listing = {
    state,

    /**
     * Narrows the listing (`ApiController.configure`).
     *
     * @example
     * configure({ featuredWalletIds: ['c57ca95b…'], chains: ['eip155:1'] })
     */
    configure(next: Partial<ListingOptions>): void {
      options = { ...options, ...next }
    },

    /** How the listing is narrowed now. */
    options(): Readonly<ListingOptions> {
      return options
    },

    /** Back to no narrowing (`ApiController.reset`). */
    resetOptions(): void {
      options = initialListingOptions()
    },

    /**
     * Sets what `load()` runs (`startApis` does); returns the undo.
     *
     * @example
     * const stop = setLoader(() => loadClientAndFirstPage())
     */
    setLoader(next: (() => Promise<void>) | undefined): () => void {
      loader = next
      return () => {
        if (loader === next) loader = undefined
      }
    },

    /**
     * Shows a search of `text` as under way (none for a blank text): the one rule, which
     * `useWallets` applies from the keystroke on, before the listing's fetching has loaded with the
     * first search, and which that fetching's `searchWallet` applies again as it takes the search over.
     *
     * @example
     * showSearching('rain')   // state.searching is true until the listing answers
     */
    showSearching(text: string): void {
      state.searching = text.trim() !== ''
    },

    /**
     * Loads the client and the listing's first page, featured and recommended wallets, as the
     * modal's first open does (for hooks that list wallets without the modal). Nothing without `apiUrl`.
     */
    async load(): Promise<void> {
      await loader?.()
    },

    /** Back to an empty listing and no narrowing; the loader stays (the app's `startApis` set it). */
    reset() {
      options = initialListingOptions()
      Object.assign(state, initialApiState())
    },
  }
  return listing
}

/** A Portico's wallet-listing state. */
export type ApiStateStore = ReturnType<typeof createApiState>
