import { useEffect, useMemo, useRef, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { createApiController } from '../../controllers/ApiController'
import { createConnectorController, type ConnectorInfo, orderWalletGroups } from '../../controllers/ConnectorController'
import { allWallets, appWalletsFor, externalWallets, installedWallets, type WalletRow } from '../allWallets'
import { createEventsController } from '../../controllers/EventsController'
import { ListItem } from '../components/ListItem'
import { useMessages } from '../i18n/useMessages'
import { fromListedWallet, createWalletListing, WALLET_ROWS_PER_STEP } from '../walletListing'
import { openWallet } from '../openWallet'
import { isMobileDevice } from '../../rules/isMobileDevice'
import { useControllers, useStores } from '../../react/PorticoContext'
import { storeOf } from '../../controllers/stores'

/** Every wallet, searchable by name, shown a page at a time as the list scrolls. */
export default function AllWalletsView() {
  const stores = useStores()
  const walletListing = storeOf(stores, createWalletListing)
  const [ConnectorController, ApiController, EventsController] = useControllers(createConnectorController, createApiController, createEventsController)
  const m = useMessages()
  const connectors = useSnapshot(ConnectorController.state).connectors as ConnectorInfo[]
  const listing = useSnapshot(walletListing.state)
  const api = useSnapshot(ApiController.state)
  const [query, setQuery] = useState('')
  const [pages, setPages] = useState(1)
  const sentinel = useRef<HTMLLIElement>(null)
  const needle = query.trim().toLowerCase()

  const mobile = isMobileDevice()
  // Every wallet the list holds, and how many once scrolled to its end: the Connect view counts the same.
  const { rows, total } = allWallets({ connectors, appWallets: listing.wallets, api, mobile, installedTag: m.connect.installed })
  // A search: installed, the app's connectors and its own wallets are filtered here; the listing searches on the server.
  const local = useMemo(() => orderWalletGroups<WalletRow>({
    injected: installedWallets(connectors, m.connect.installed),
    external: externalWallets(connectors),
    recommended: appWalletsFor(listing.wallets, mobile),
  }), [connectors, listing.wallets, m, mobile])
  const matches = needle
    ? orderWalletGroups<WalletRow>({ injected: local.filter((w) => w.name.toLowerCase().includes(needle)), recommended: api.search.map((w) => fromListedWallet(w, api.walletImages)) })
    : rows
  const shown = matches.slice(0, pages * WALLET_ROWS_PER_STEP)
  const hasMore = shown.length < matches.length || (!needle && api.fetched < api.count)

  useEffect(() => {
    ApiController.searchWallet({ search: query }).catch(() => undefined)
    if (!needle) return
    const timer = setTimeout(() => EventsController.sendEvent({ event: 'SEARCH_WALLET', properties: { search: needle } }), 500)
    return () => clearTimeout(timer)
  }, [query, needle])

  useEffect(() => {
    const element = sentinel.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return
      setPages((p) => p + 1)
      const s = ApiController.state
      if (!needle && !s.loading && s.page > 0 && s.fetched < s.count) ApiController.fetchWalletsByPage({ page: s.page + 1 }).catch(() => undefined)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [shown.length, needle])

  return (
    <>
      <div className="field">
        <label htmlFor="portico-wallet-search" className="visually-hidden">{m.allWallets.search}</label>
        <input id="portico-wallet-search" className="input" type="search" placeholder={m.allWallets.search} value={query}
          onChange={(e) => { setQuery(e.target.value); setPages(1) }} />
      </div>
      <p className="muted" aria-live="polite">{api.searching ? m.allWallets.searching : m.allWallets.count(needle ? matches.length : total)}</p>
      <ul className="list" aria-label={m.titles.AllWallets}>
        {shown.map((wallet) => (
          <ListItem key={wallet.id} label={wallet.name} imageUrl={wallet.imageUrl} tag={wallet.tag} onClick={() => openWallet(stores, wallet)} />
        ))}
        {hasMore && <li ref={sentinel} aria-hidden="true" style={{ height: 1 }} />}
      </ul>
      {matches.length === 0 && !api.searching && <p className="muted">{m.allWallets.empty}</p>}
    </>
  )
}
