import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio/react'
import { ConnectionController } from '../../controllers/ConnectionController'
import { OptionsController } from '../../controllers/OptionsController'
import { RouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { QrCode } from '../components/QrCode'
import { Spinner } from '../components/Spinner'
import { copyText } from '../copyText'
import { useMessages } from '../i18n/useMessages'
import { isMobileDevice, walletDeepLink } from '../walletDeepLink'

/**
 * A WalletConnect pairing. On a desktop: the `wc:` URI as a QR code with the wallet's icon in
 * the middle, 'Copy link', and the wallet's desktop or web app when it has one. On a phone, with
 * a wallet picked: its app opens by its deep link at once, and 'Open the app' is there for when
 * the browser blocked that. A spinner shows while the URI is prepared. The pairing's policy
 * (expiry, renewal, retry) is the connect flow's: see `controllers/connection/pairing.ts`.
 */
export default function ConnectingWalletConnectView() {
  const m = useMessages()
  const { data } = useSnapshot(RouterController.state)
  const { wcUri: uri, wcError: failed, wcErrorMessage: error } = useSnapshot(ConnectionController.state)
  const preferUniversal = useSnapshot(OptionsController.state).features.preferUniversalLinks
  const wallet = data?.wallet
  const mobile = isMobileDevice()
  const link = uri ? walletDeepLink(wallet?.links, uri, { mobile, preferUniversal }) : undefined

  useEffect(() => ConnectionController.showPairing(), [])

  // On a phone the wallet's app opens as soon as its link is known; the button covers a blocked jump.
  const opened = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!mobile || !link || opened.current === link.href) return
    opened.current = link.href
    globalThis.open?.(link.href, link.target, 'noopener,noreferrer')
  }, [mobile, link])

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
