import { useSnapshot } from 'valtio/react'
import { RouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { QrCode } from '../components/QrCode'
import { Spinner } from '../components/Spinner'
import { copyText } from '../copyText'
import { en } from '../i18n/en'
import { usePorticoActions } from '../PorticoActions'
import { useAction } from '../useAction'
import { walletListing } from '../walletListing'

/** A WalletConnect pairing: the uri as a QR code, a copy button and the wallet's deep link. */
export default function ConnectingWalletConnectView() {
  const { data } = useSnapshot(RouterController.state)
  const { walletConnectUri: uri } = useSnapshot(walletListing)
  const actions = usePorticoActions()
  const { status, error, start } = useAction(() => actions.connectWalletConnect(), true)
  const mobile = data?.wallet?.links?.mobile
  const deepLink = uri && mobile ? `${mobile}${mobile.includes('?') ? '&' : '?'}uri=${encodeURIComponent(uri)}` : undefined

  if (status === 'error') {
    return (
      <div className="center">
        <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{en.connecting.declined}</p>
        <p className="muted">{error}</p>
        <Button onClick={start}>{en.connecting.retry}</Button>
      </div>
    )
  }
  return (
    <div className="center">
      {uri ? <QrCode value={uri} label={en.connecting.qrLabel} /> : <Spinner label={en.connecting.waitingUri} />}
      <p className="muted">{data?.wallet ? en.connecting.continueIn(data.wallet.name) : en.connecting.scan}</p>
      {uri && (
        <div className="row" style={{ width: '100%' }}>
          <Button variant="secondary" onClick={() => copyText(uri, en.connecting.linkCopied)}>{en.connecting.copyLink}</Button>
          {deepLink && (
            <a className="button" href={deepLink} rel="noreferrer">{en.connecting.openApp}</a>
          )}
        </div>
      )}
    </div>
  )
}
