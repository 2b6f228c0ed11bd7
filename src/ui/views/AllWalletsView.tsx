import { useEffect, useMemo, useRef, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { ApiController } from '../../controllers/ApiController'
import { ConnectorController, type ConnectorInfo, orderWalletGroups } from '../../controllers/ConnectorController'
import { EventsController } from '../../controllers/EventsController'
import type { RouterWallet } from '../../controllers/RouterController'
import { ListItem } from '../components/ListItem'
import { useMessages } from '../i18n/useMessages'
import { fromListedWallet, walletListing, WALLET_ROWS_PER_STEP } from '../walletListing'
import { openWallet } from '../openWallet'
import { isMobileDevice } from '../walletDeepLink'

/** Every wallet, searchable by name, shown a page at a time as the list scrolls. */
export default function AllWalletsView() {
  const m = useMessages()
  const connectors = useSnapshot(ConnectorController.state).connectors as ConnectorInfo[]
  const listing = useSnapshot(walletListing)
  const api = useSnapshot(ApiController.state)
  const [query, setQuery] = useState('')
  const [pages, setPages] = useState(1)
  const sentinel = useRef<HTMLLIElement>(null)
  const needle = query.trim().toLowerCase()

  // Installed and app-listed wallets are filtered here; the wallet-infra listing searches on the server.
  const local = useMemo(() => {
    const installed = connectors
      .filter((c) => c.type === 'injected' || c.type === 'announced' || c.type === 'external')
      .map((c) => ({ id: c.id, name: c.name, imageUrl: c.imageUrl, tag: c.type === 'external' ? undefined : m.connect.installed }))
    // On a phone, the app's own list keeps only wallets that a deep link can open.
    const listed = isMobileDevice() ? listing.wallets.filter((w) => w.links?.mobile || w.links?.universal) : listing.wallets
    return orderWalletGroups<RouterWallet & { tag?: string | undefined }>({ injected: installed, recommended: listed })
  }, [connectors, listing.wallets, m])
  const localMatches = needle ? local.filter((w) => w.name.toLowerCase().includes(needle)) : local
  const remote = (needle ? api.search : api.wallets).map((w) => fromListedWallet(w, api.walletImages))
  const matches = orderWalletGroups<RouterWallet & { tag?: string | undefined }>({ injected: localMatches, recommended: remote })
  const shown = matches.slice(0, pages * WALLET_ROWS_PER_STEP)
  const hasMore = shown.length < matches.length || (!needle && api.wallets.length < api.count)

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
      if (!needle && !s.loading && s.page > 0 && s.wallets.length < s.count) ApiController.fetchWalletsByPage({ page: s.page + 1 }).catch(() => undefined)
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
      <p className="muted" aria-live="polite">{api.searching ? m.allWallets.searching : m.allWallets.count(needle ? matches.length : Math.max(matches.length, local.length + api.count))}</p>
      <ul className="list" aria-label={m.titles.AllWallets}>
        {shown.map((wallet) => (
          <ListItem key={wallet.id} label={wallet.name} imageUrl={wallet.imageUrl} tag={wallet.tag} onClick={() => openWallet(wallet)} />
        ))}
        {hasMore && <li ref={sentinel} aria-hidden="true" style={{ height: 1 }} />}
      </ul>
      {matches.length === 0 && !api.searching && <p className="muted">{m.allWallets.empty}</p>}
    </>
  )
}
