import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio/react'
import { ConnectionController } from '../../controllers/ConnectionController'
import { OptionsController } from '../../controllers/OptionsController'
import { RouterController } from '../../controllers/RouterController'
import { isPairingExpired, PAIRING_RETRY_INTERVAL_MS } from '../../controllers/WalletConnectPairing'
import { Button } from '../components/Button'
import { QrCode } from '../components/QrCode'
import { Spinner } from '../components/Spinner'
import { copyText } from '../copyText'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'
import { isMobileDevice, walletDeepLink } from '../walletDeepLink'

/** How often the view looks at the pairing's expiry (it is replaced once within 10 s of it). */
const EXPIRY_CHECK_MS = 1_000

/**
 * A WalletConnect pairing. On a desktop: the `wc:` URI as a QR code with the wallet's icon in
 * the middle, 'Copy link', and the wallet's desktop or web app when it has one. On a phone, with
 * a wallet picked: its app opens by its deep link at once, and 'Open the app' is there for when
 * the browser blocked that. A spinner shows while the URI is prepared; an expired URI is replaced
 * by a new one without the visitor doing anything.
 */
export default function ConnectingWalletConnectView() {
  const m = useMessages()
  const { data } = useSnapshot(RouterController.state)
  const { wcUri: uri, wcPairingExpiry: expiry } = useSnapshot(ConnectionController.state)
  const preferUniversal = useSnapshot(OptionsController.state).features.preferUniversalLinks
  const startedAt = useRef(0)
  const { status, error, start } = useAction(() => {
    startedAt.current = Date.now()
    return ConnectionController.connectWalletConnect()
  }, true)
  const wallet = data?.wallet
  const mobile = isMobileDevice()
  const link = uri ? walletDeepLink(wallet?.links, uri, { mobile, preferUniversal }) : undefined

  // A pairing within 10 s of its expiry counts as expired: start a new one (the old one is dropped).
  useEffect(() => {
    if (status !== 'pending' || expiry === undefined) return
    const timer = setInterval(() => {
      if (!isPairingExpired(ConnectionController.state.wcPairingExpiry)) return
      clearInterval(timer)
      ConnectionController.clearWcUri()
      start()
    }, EXPIRY_CHECK_MS)
    return () => clearInterval(timer)
  }, [status, expiry, start])

  // On a phone the wallet's app opens as soon as its link is known; the button covers a blocked jump.
  const opened = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!mobile || !link || opened.current === link.href) return
    opened.current = link.href
    globalThis.open?.(link.href, link.target, 'noopener,noreferrer')
  }, [mobile, link])

  if (status === 'error') {
    return (
      <div className="center">
        <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.connecting.declined}</p>
        <p className="muted" role="alert">{error?.split('\n')[0]}</p>
        <Button onClick={() => {
          if (Date.now() - startedAt.current < PAIRING_RETRY_INTERVAL_MS) return
          ConnectionController.clearWcUri()
          start()
        }}>{m.connecting.retry}</Button>
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
          <Button variant="secondary" onClick={() => copyText(uri, m.connecting.linkCopied)}>{m.connecting.copyLink}</Button>
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
