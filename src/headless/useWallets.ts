import { useCallback, useEffect, useRef, useState } from 'react'
import { useStore } from './useStore'
import { createApiState } from '../controllers/ApiState'
import { createConnectionRecords } from '../controllers/ConnectionRecords'
import { type ConnectMethod, createConnectorController, type ConnectorInfo, orderWalletGroups } from '../controllers/ConnectorController'
import { createOptionsController } from '../controllers/OptionsController'
import type { RouterWallet } from '../controllers/RouterController'
import type { PorticoError } from '../errors/PorticoError'
import { usePorticoInstance, useControllers } from '../react/PorticoContext'
import { isMobileDevice } from '../rules/isMobileDevice'
import { fromListedWallet, createWalletListing } from '../ui/walletListing'
import { asPorticoError } from './asPorticoError'
import type { Stores } from '../controllers/stores'

/** Where a wallet of the list comes from, in the order the list shows them. */
export type WalletSource = 'recent' | 'installed' | 'featured' | 'external' | 'listed'

/** One wallet of `useWallets`' list. */
export type HeadlessWallet = RouterWallet & {
  source: WalletSource
  /** The registered connector (a browser wallet, an external one); none for wallets reached over WalletConnect. */
  connectorId: string | undefined
}

export type UseWallets = {
  /** The wallets in the seed's order: recent, installed, featured, external, then the listing (recommended first). */
  wallets: readonly HeadlessWallet[]
  /** The connect methods in the order the Connect view shows them (the app's, else wallet first when the browser has one). */
  connectMethods: readonly ConnectMethod[]
  /** Whether WalletConnect (QR code, phone) is registered. */
  walletConnect: boolean
  /** The search text; `setSearch` narrows the list (the listing is asked 300 ms after the last change). */
  search: string
  setSearch(text: string): void
  /** A search is waiting for its 300 ms or the listing's answer. */
  searching: boolean
  /** A page of the listing is loading. */
  loading: boolean
  /** How many wallets there are in all (the listing's count plus the browser's). */
  total: number
  /** More pages of 40 to load (`loadMore`) while not searching. */
  hasMore: boolean
  loadMore(): Promise<void>
  /** The listing's failure, typed (`errorCode`). */
  error: PorticoError | undefined
}

/** The listing's fetching (search, more pages), loaded with the listing (or the first search). */
const loadFetching = (stores: Stores) => import('../controllers/ApiController').then((m) => stores.get(m.createApiController))

const isBrowserWallet = (c: { type: string }) => c.type === 'injected' || c.type === 'announced'

/**
 * The wallet list the modal shows, for an app's own UI: the browser's wallets, the app's featured
 * and listed ones and the wallet-infra listing, in the seed's order, searchable, in pages of 40.
 * On a phone, only wallets a deep link can open. The first render loads the listing (as the
 * modal's first open does).
 *
 * @example
 * function WalletList() {
 *   const { wallets, search, setSearch } = useWallets()
 *   return (
 *     <>
 *       <input type="search" aria-label="Search wallets" value={search} onChange={(e) => setSearch(e.target.value)} />
 *       <ul>{wallets.map((w) => <li key={w.id}>{w.name}</li>)}</ul>
 *     </>
 *   )
 * }
 */
export function useWallets(): UseWallets {
  const [apiListing, walletListing, records, ConnectorController, OptionsController] = useControllers(createApiState, createWalletListing, createConnectionRecords, createConnectorController, createOptionsController)
  const { stores } = usePorticoInstance()
  const connectorState = useStore(ConnectorController.state)
  const connectors = connectorState.connectors as ConnectorInfo[]
  const api = useStore(apiListing.state)
  const listing = useStore(walletListing.state)
  const options = useStore(OptionsController.state)
  const connections = useStore(records.state)
  const [search, setSearchText] = useState('')
  const [error, setError] = useState<PorticoError | undefined>(undefined)

  useEffect(() => {
    apiListing.load().catch((failure: unknown) => setError(asPorticoError(failure)))
  }, [])

  const searched = useRef(false)
  const setSearch = useCallback((text: string) => {
    searched.current = true
    setSearchText(text)
    apiListing.showSearching(text)
    loadFetching(stores).then((api) => api.searchWallet({ search: text })).catch((failure: unknown) => {
      apiListing.showSearching('')
      setError(asPorticoError(failure))
    })
  }, [])
  // A search in progress stops with the component (its timer is the listing's own); without one, nothing loads.
  useEffect(() => () => void (searched.current && loadFetching(stores).then((api) => api.searchWallet({ search: '' }))), [])

  const entry = (source: WalletSource, connector?: ConnectorInfo) => (wallet: RouterWallet): HeadlessWallet => ({ ...wallet, source, connectorId: connector?.id })
  // A wallet that serves several namespaces (EIP-6963 and the Wallet Standard) is one entry, by name.
  const installed = connectors
    .filter(isBrowserWallet)
    .filter((c, index, list) => list.findIndex((other) => other.name.toLowerCase() === c.name.toLowerCase()) === index)
    .map((c) => entry('installed', c)({ id: c.id, name: c.name, ...(c.imageUrl && { imageUrl: c.imageUrl }) }))
  const recentIds = (connections.byNamespace.eip155?.recentConnections ?? []).map((c) => c.connectorId.toLowerCase())
  const recent = installed.filter((w) => recentIds.includes(w.id.toLowerCase())).map((w) => ({ ...w, source: 'recent' as const }))
  const external = connectors.filter((c) => c.type === 'external').map((c) => entry('external', c)({ id: c.id, name: c.name, ...(c.imageUrl && { imageUrl: c.imageUrl }) }))
  const featured = api.featured.map((w) => entry('featured')(fromListedWallet(w, api.walletImages)))
  // On a phone, the app's own list keeps only wallets that a deep link can open (the listing filters itself).
  const appListed = (isMobileDevice() ? listing.wallets.filter((w) => w.links?.mobile || w.links?.universal) : listing.wallets).map((w) => entry('listed')(w as RouterWallet))
  const needle = search.trim().toLowerCase()
  const remote = (needle ? api.search : [...api.recommended, ...api.wallets]).map((w) => entry('listed')(fromListedWallet(w, api.walletImages)))
  const matches = (w: HeadlessWallet) => !needle || w.name.toLowerCase().includes(needle)
  const wallets = needle
    ? orderWalletGroups<HeadlessWallet>({ injected: installed.filter(matches), external: external.filter(matches), recommended: [...appListed.filter(matches), ...remote] })
    : orderWalletGroups<HeadlessWallet>({ recent, injected: installed, featured, external, recommended: [...remote.slice(0, api.recommended.length), ...appListed, ...remote.slice(api.recommended.length)] })

  const loadMore = useCallback(async () => {
    const s = apiListing.state
    if (s.loading || s.page === 0 || s.wallets.length >= s.count) return
    try {
      await (await loadFetching(stores)).fetchWalletsByPage({ page: s.page + 1 })
    } catch (failure) {
      setError(asPorticoError(failure))
    }
  }, [])

  return {
    wallets,
    connectMethods: ConnectorController.getConnectMethodsOrder(options.features.connectMethodsOrder, connectorState),
    walletConnect: ConnectorController.walletConnect(connectorState) !== undefined,
    search,
    setSearch,
    searching: api.searching,
    loading: api.loading,
    total: Math.max(wallets.length, installed.length + external.length + appListed.length + api.count + api.recommended.length + api.featured.length),
    hasMore: !needle && api.page > 0 && api.wallets.length < api.count,
    loadMore,
    error,
  }
}
