import { type FormEvent, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { createApiController } from '../../controllers/ApiController'
import { createConnectionController } from '../../controllers/ConnectionController'
import { createConnectorController, type ConnectorInfo, orderWalletGroups } from '../../controllers/ConnectorController'
import { createOptionsController } from '../../controllers/OptionsController'
import { createRouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { Icon } from '../components/Icon'
import { ListItem } from '../components/ListItem'
import { SocialLoginRow } from '../components/SocialLoginRow'
import { formatLocaleCount } from '../format/formatLocaleNumber'
import { useLocale } from '../i18n/useLocale'
import { useMessages } from '../i18n/useMessages'
import { openWallet } from '../openWallet'
import { allWallets, externalWallets, installedWallets, type WalletRow } from '../allWallets'
import { fromListedWallet, createWalletListing } from '../walletListing'
import { isMobileDevice } from '../../rules/isMobileDevice'
import { isEmailAddress } from '../../rules/emailAddress'
import { usePreloadEmbeddedWallet } from '../usePreloadEmbeddedWallet'
import { useController, useControllers, useStores } from '../../react/PorticoContext'
import { storeOf } from '../../controllers/stores'

/** Wallets shown on the Connect view before "All wallets". */
const SHOWN_WALLETS = 4

type Entry = WalletRow

/** The first view: the connect methods in the configured order, then the wallets. */
export default function ConnectView() {
  const stores = useStores()
  const walletListing = storeOf(stores, createWalletListing)
  const [ConnectionController, ConnectorController, ApiController, OptionsController, RouterController] = useControllers(createConnectionController, createConnectorController, createApiController, createOptionsController, createRouterController)
  const m = useMessages()
  const { locale } = useLocale()
  const connectorState = useSnapshot(ConnectorController.state)
  const connectors = connectorState.connectors as ConnectorInfo[]
  const options = useSnapshot(OptionsController.state)
  const listing = useSnapshot(walletListing.state)
  const hasAuth = connectors.some((c) => c.type === 'auth')
  const order = ConnectorController.getConnectMethodsOrder(options.features.connectMethodsOrder, connectorState)
  const socials = OptionsController.getSocials(options)

  const installed: Entry[] = installedWallets(connectors, m.connect.installed)
  const external: Entry[] = externalWallets(connectors)
  const api = useSnapshot(ApiController.state)
  const featured = api.featured.map((w) => fromListedWallet(w, api.walletImages))
  const recommended = [...api.recommended.map((w) => fromListedWallet(w, api.walletImages)), ...listing.wallets]
  const connections = useSnapshot(ConnectionController.state)
  const recentIds = (connections.byNamespace.eip155?.recentConnections ?? []).map((c) => c.connectorId.toLowerCase())
  const recent = installed.filter((w) => recentIds.includes(w.id.toLowerCase())).map((w) => ({ ...w, tag: m.connect.recent }))
  const wallets = orderWalletGroups<Entry>({ recent, injected: installed, featured, external, recommended })
  // The count is the All wallets view's own: the same wallets under the same filters.
  const { total } = allWallets({ connectors, appWallets: listing.wallets, api, mobile: isMobileDevice(), installedTag: m.connect.installed })
  const walletConnect = ConnectorController.walletConnect(connectorState)
  const more = total - SHOWN_WALLETS

  const sections = {
    email: hasAuth && OptionsController.isEnabled('email', options) ? <EmailForm key="email" /> : null,
    social: hasAuth && socials.length > 0 ? <SocialLoginRow key="social" socials={socials} /> : null,
    wallet: (
      <ul className="list" key="wallet" aria-label={m.connect.wallets}>
        {walletConnect && <ListItem label={m.connect.walletConnect} icon={<span className="avatar"><Icon name="qr" /></span>} onClick={() => {
          // The provider starts while the view's chunk loads, not after the view is up.
          ConnectionController.prepare(walletConnect.id)
          RouterController.push('ConnectingWalletConnect')
        }} />}
        {wallets.slice(0, SHOWN_WALLETS).map((wallet) => (
          <ListItem key={wallet.id} label={wallet.name} imageUrl={wallet.imageUrl} tag={wallet.tag} onClick={() => openWallet(stores, wallet)} />
        ))}
        {more > 0 && (
          <ListItem label={m.connect.allWallets} tag={formatLocaleCount(total, locale)} icon={<span className="avatar"><Icon name="wallet" /></span>} onClick={() => RouterController.push('AllWallets')} />
        )}
        {wallets.length === 0 && !walletConnect && <li className="muted">{m.connect.noWallets}</li>}
      </ul>
    ),
  }

  return (
    <>
      {order.map((method) => sections[method])}
      <button type="button" className="link" style={{ alignSelf: 'center' }} onClick={() => RouterController.push('WhatIsAWallet')}>
        {m.connect.whatIsAWallet}
      </button>
    </>
  )
}

function EmailForm() {
  const RouterController = useController(createRouterController)
  const m = useMessages()
  usePreloadEmbeddedWallet()
  const [email, setEmail] = useState('')
  const [error, setError] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isEmailAddress(email)) return setError(true)
    RouterController.push('EmailLogin', { email: email.trim() })
  }
  return (
    <form className="field" onSubmit={submit} noValidate>
      <label htmlFor="portico-email">{m.connect.email}</label>
      <div className="row">
        <input id="portico-email" className="input" type="email" autoComplete="email" placeholder={m.connect.emailPlaceholder} value={email}
          aria-invalid={error} aria-describedby={error ? 'portico-email-error' : undefined} onChange={(e) => { setEmail(e.target.value); setError(false) }} />
        <Button type="submit" style={{ flex: 'none' }}>{m.email.submit}</Button>
      </div>
      {error && <p className="error-text" id="portico-email-error">{m.email.invalid}</p>}
    </form>
  )
}
