import { useSnapshot } from 'valtio/react'
import { ConnectionController } from '../../controllers/ConnectionController'
import { RouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { QrCode } from '../components/QrCode'
import { Spinner } from '../components/Spinner'
import { copyText } from '../copyText'
import { en } from '../i18n/en'
import { useAction } from '../useAction'

/** A WalletConnect pairing: the uri as a QR code, a copy button and the wallet's deep link. */
export default function ConnectingWalletConnectView() {
  const { data } = useSnapshot(RouterController.state)
  const { wcUri: uri } = useSnapshot(ConnectionController.state)
  const { status, error, start } = useAction(() => ConnectionController.connectWalletConnect(), true)
  const mobile = data?.wallet?.links?.mobile
  const deepLink = uri && mobile ? `${mobile}${mobile.includes('?') ? '&' : '?'}uri=${encodeURIComponent(uri)}` : undefined

  if (status === 'error') {
    return (
      <div className="center">
        <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{en.connecting.declined}</p>
        <p className="muted">{error}</p>
        <Button onClick={() => {
          ConnectionController.clearWcUri()
          start()
        }}>{en.connecting.retry}</Button>
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
