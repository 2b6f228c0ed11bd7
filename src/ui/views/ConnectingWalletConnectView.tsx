import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio/react'
import { createConnectionController } from '../../controllers/ConnectionController'
import { createOptionsController } from '../../controllers/OptionsController'
import { createRouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { QrCode } from '../components/QrCode'
import { Spinner } from '../components/Spinner'
import { copyText } from '../copyText'
import { useMessages } from '../i18n/useMessages'
import { isMobileDevice } from '../../rules/isMobileDevice'
import { walletDeepLink } from '../walletDeepLink'
import { useControllers, useStores } from '../../react/PorticoContext'

/**
 * A WalletConnect pairing. On a desktop: the `wc:` URI as a QR code with the wallet's icon in
 * the middle, 'Copy link', and the wallet's desktop or web app when it has one. On a phone, with
 * a wallet picked: its app opens by its deep link once per tap, and 'Open the app' (always the
 * current pairing) is there for when the browser blocked that; the heading says "Open {name}". A spinner shows while the URI is prepared. The pairing's policy
 * (expiry, renewal, retry) is the connect flow's: see `controllers/connection/pairing.ts`.
 */
export default function ConnectingWalletConnectView() {
  const stores = useStores()
  const [ConnectionController, OptionsController, RouterController] = useControllers(createConnectionController, createOptionsController, createRouterController)
  const m = useMessages()
  const { data } = useSnapshot(RouterController.state)
  const { wcUri: uri, wcError: failed, wcErrorMessage: error } = useSnapshot(ConnectionController.state)
  const preferUniversal = useSnapshot(OptionsController.state).features.preferUniversalLinks
  const wallet = data?.wallet
  const mobile = isMobileDevice()
  const link = uri ? walletDeepLink(wallet?.links, uri, { mobile, preferUniversal }) : undefined

  useEffect(() => ConnectionController.showPairing(), [])

  // On a phone the tap that brought the visitor here opens the wallet's app once, with the pairing
  // current then: read from the store, since the pairing just started may have dropped a stale URI
  // this render still holds. A pairing renewed later opens nothing by itself: "Open the app" has it.
  const opened = useRef(false)
  useEffect(() => {
    const current = ConnectionController.state.wcUri
    const target = current ? walletDeepLink(wallet?.links, current, { mobile, preferUniversal }) : undefined
    if (!mobile || opened.current || !target) return
    opened.current = true
    globalThis.open?.(target.href, target.target, 'noopener,noreferrer')
  }, [mobile, uri, wallet, preferUniversal])

  if (failed) {
    return (
      <div className="center">
        <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.connecting.declined}</p>
        <p className="muted" role="alert">{error?.split('\n')[0]}</p>
        <Button onClick={() => ConnectionController.retryWalletConnect()}>{m.connecting.retry}</Button>
      </div>
    )
  }

  const showQr = !(mobile && link)
  return (
    <div className="center">
      {!uri ? <Spinner label={m.connecting.waitingUri} />
        : showQr ? <QrCode value={uri} label={m.connecting.qrLabel} image={wallet?.imageUrl} />
        : <Spinner label={wallet ? m.connecting.continueIn(wallet.name) : m.connecting.continueInYourWallet} />}
      <p className="muted">
        {wallet && mobile && link ? m.connecting.openAppHint(wallet.name) : wallet ? m.connecting.continueIn(wallet.name) : m.connecting.scan}
      </p>
      {uri && (
        <div className="row" style={{ width: '100%' }}>
          <Button variant="secondary" onClick={() => copyText(stores, uri, m.connecting.linkCopied)}>{m.connecting.copyLink}</Button>
          {link && (
            <a className="button" href={link.href} target={link.target} rel="noopener noreferrer">
              {mobile ? m.connecting.openApp : link.kind === 'web' ? m.connecting.openWeb : m.connecting.openDesktop}
            </a>
          )}
        </div>
      )}
    </div>
  )
}
