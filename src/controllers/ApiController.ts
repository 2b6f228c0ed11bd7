import { createApiState, initialApiState, type ListedWallet, type ListingOptions, type WalletListingClient } from './ApiState'
import { type Stores, storeOf } from './stores'
import { SETUP_MESSAGES } from '../errors/setupMessages'
import { errorOf } from '../errors/PorticoError'

export type { ApiState, ListedWallet, ListingOptions, WalletListingClient, WalletQuery } from './ApiState'

export const WALLETS_PAGE_SIZE = 40
export const PREFETCHED_IMAGES = 20
export const RECOMMENDED_COUNT = 4
export const SEARCH_ENTRIES = 100
export const SEARCH_DELAY_MS = 300
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000

export const COINBASE_WALLET_ID = 'fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa'
export const SOLANA_MOBILE_WALLET_IDS: readonly string[] = [
  'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393', // Phantom
  '1ca0bdd4747578705b1939af023d120677c64fe6ca76add81fda36e350605e79', // Solflare
]

const lower = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase()))

/**
 * Whether a wallet may be listed: not excluded by name or rdns; on mobile only wallets with a
 * mobile link, Coinbase, or (on Solana) Phantom and Solflare; with a universal provider only
 * wallets with a mobile, desktop or web link.
 *
 * @example
 * isWalletListed({ id: 'x', name: 'Frame', desktop_link: 'frame://' }, { ...rules, isMobile: true }) // false
 */
export function isWalletListed(wallet: ListedWallet, rules: ListingOptions): boolean {
  if (lower(rules.excludedNames).has(wallet.name.toLowerCase())) return false
  if (wallet.rdns && lower(rules.excludedRdns).has(wallet.rdns.toLowerCase())) return false
  if (rules.isMobile) {
    const allowed =
      !!wallet.mobile_link ||
      wallet.id === COINBASE_WALLET_ID ||
      (rules.namespace === 'solana' && SOLANA_MOBILE_WALLET_IDS.includes(wallet.id))
    if (!allowed) return false
  }
  if (rules.universalProvider && !wallet.mobile_link && !wallet.desktop_link && !wallet.webapp_link) return false
  return true
}

/**
 * The wallet listing: pages of 40 (images of the first 20 preloaded), 4 recommended, the
 * featured ids in their order, and search (100 results, 300 ms after the last keystroke,
 * text trimmed). The client is handed in with `setClient`, so this store imports no API code.
 *
 * @example
 * ApiController.setClient(new WalletInfraApi({ baseUrl, projectId, sdkType, sdkVersion }))
 * await ApiController.fetchWalletsByPage({ page: 1 })
 */
export function createApiController(stores: Stores) {
  const listing = storeOf(stores, createApiState)
  let client: WalletListingClient | undefined
  let searchTimer: ReturnType<typeof setTimeout> | undefined
  let searchSeq = 0
  /**
   * The exclusions every page of one listing is asked with, fixed by page 1: a recommended wallet
   * that arrives between two pages must not shift the server's paging (which skipped wallets).
   */
  let pagingExclude: string[] | undefined
  /** Settles the promise of a search that a newer one replaced. */
  let settleReplaced: (() => void) | undefined
  const pendingImages = new Set<string>()

  function requireClient(): WalletListingClient {
    if (!client) throw errorOf(SETUP_MESSAGES, 'noClient', { store: 'ApiController' })
    return client
  }

  const listed = (wallets: readonly ListedWallet[]) => wallets.filter((w) => isWalletListed(w, listing.options()))

  const ApiController = {
    state: listing.state,

    setClient(next: WalletListingClient | undefined) {
      client = next
    },

    /** Sets what `load()` runs (`startApis` does); returns the undo. */
    setLoader: listing.setLoader,

    /**
     * Loads the client and the listing's first page, featured and recommended wallets, as the
     * modal's first open does (for hooks that list wallets without the modal). Nothing without `apiUrl`.
     */
    load: listing.load,

    configure: listing.configure,

    getOptions: listing.options,

    /** Ids already shown elsewhere (featured, recommended) plus the app's exclusions. */
    excludedIds(): string[] {
      const s = ApiController.state
      return [...new Set([...listing.options().excludeWalletIds, ...s.featured.map((w) => w.id), ...s.recommended.map((w) => w.id)])]
    },

    /**
     * Loads one page of 40 and appends it (no duplicates); preloads the images of its first 20.
     * Every page of a listing is asked with page 1's exclusions, and a page past the server's count
     * is not asked for.
     */
    async fetchWalletsByPage({ page }: { page: number }): Promise<void> {
      const s = ApiController.state
      if (page > 1 && s.page > 0 && (page - 1) * WALLETS_PAGE_SIZE >= s.count) return
      if (page === 1 || !pagingExclude) pagingExclude = ApiController.excludedIds()
      const exclude = pagingExclude
      s.loading = true
      s.error = undefined
      try {
        const { data, count } = await requireClient().getWallets({
          page,
          entries: WALLETS_PAGE_SIZE,
          include: listing.options().includeWalletIds,
          exclude,
          chains: listing.options().chains,
        })
        const wallets = listed(data)
        const known = new Set(s.wallets.map((w) => w.id))
        s.wallets = page === 1 ? wallets : [...s.wallets, ...wallets.filter((w) => !known.has(w.id))]
        s.count = count
        s.fetched = (page === 1 ? 0 : s.fetched) + data.length
        s.page = page
        await ApiController.prefetchImages(wallets.slice(0, PREFETCHED_IMAGES))
      } catch (error) {
        s.error = 'Failed to load wallets'
        throw error
      } finally {
        s.loading = false
      }
    },

    /** The first 4 wallets of the catalogue that the app allows, not featured. */
    async fetchRecommendedWallets(): Promise<void> {
      const { data } = await requireClient().getWallets({
        page: 1,
        entries: RECOMMENDED_COUNT,
        include: listing.options().includeWalletIds,
        exclude: [...listing.options().excludeWalletIds, ...listing.options().featuredWalletIds],
        chains: listing.options().chains,
      })
      ApiController.state.recommended = listed(data).slice(0, RECOMMENDED_COUNT)
      await ApiController.prefetchImages(ApiController.state.recommended)
    },

    /** The app's featured wallets, in the order given; nothing asked when there are none. */
    async fetchFeaturedWallets(): Promise<void> {
      const ids = listing.options().featuredWalletIds
      if (ids.length === 0) {
        ApiController.state.featured = []
        return
      }
      const { data } = await requireClient().getWallets({ page: 1, entries: ids.length, include: ids })
      const byId = new Map(listed(data).map((w) => [w.id, w]))
      ApiController.state.featured = ids.flatMap((id) => byId.get(id) ?? [])
      await ApiController.prefetchImages(ApiController.state.featured)
    },

    /**
     * Searches 300 ms after the last call, with the text trimmed; an empty text clears the
     * results without asking. Only the latest search's results are shown.
     */
    searchWallet({ search }: { search: string }): Promise<void> {
      const query = search.trim()
      const s = ApiController.state
      const seq = ++searchSeq
      if (searchTimer) clearTimeout(searchTimer)
      settleReplaced?.()
      settleReplaced = undefined
      s.searchQuery = query
      listing.showSearching(query)
      if (!query) {
        s.search = []
        return Promise.resolve()
      }
      return new Promise<void>((resolve, reject) => {
        settleReplaced = resolve
        searchTimer = setTimeout(async () => {
          searchTimer = undefined
          settleReplaced = undefined
          try {
            const { data } = await requireClient().getWallets({
              page: 1,
              entries: SEARCH_ENTRIES,
              search: query,
              include: listing.options().includeWalletIds,
              exclude: listing.options().excludeWalletIds,
              chains: listing.options().chains,
            })
            if (seq !== searchSeq) return resolve()
            s.search = listed(data)
            s.searching = false
            await ApiController.prefetchImages(s.search.slice(0, PREFETCHED_IMAGES))
            resolve()
          } catch (error) {
            if (seq === searchSeq) s.searching = false
            reject(error)
          }
        }, SEARCH_DELAY_MS)
      })
    },

    /** Preloads wallet images as object URLs; each gives up after 2 s and is then left to the placeholder. */
    async prefetchImages(wallets: readonly ListedWallet[]): Promise<void> {
      const api = requireClient()
      const ids = wallets.flatMap((w) => (w.image_id && !ApiController.state.walletImages[w.image_id] && !pendingImages.has(w.image_id) ? [w.image_id] : []))
      await Promise.all(
        ids.map(async (id) => {
          pendingImages.add(id)
          try {
            const blob = await api.fetchWalletImage(id, AbortSignal.timeout(IMAGE_PRELOAD_TIMEOUT_MS))
            ApiController.state.walletImages[id] = URL.createObjectURL(blob)
          } catch {
            // Time-out or failure: the view shows the placeholder icon.
          } finally {
            pendingImages.delete(id)
          }
        }),
      )
    },

    /** Clears the listing (object URLs released) and the options; keeps the client. */
    reset() {
      if (searchTimer) clearTimeout(searchTimer)
      searchTimer = undefined
      settleReplaced?.()
      settleReplaced = undefined
      searchSeq++
      for (const url of Object.values(ApiController.state.walletImages)) URL.revokeObjectURL(url)
      pendingImages.clear()
      pagingExclude = undefined
      listing.resetOptions()
      Object.assign(ApiController.state, initialApiState())
    },
  }
  return ApiController
}

/** A Portico's wallet-listing store. */
export type ApiController = ReturnType<typeof createApiController>
