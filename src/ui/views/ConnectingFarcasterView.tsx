import { useSnapshot } from 'valtio/react'
import { createConnectionController } from '../../controllers/ConnectionController'
import { Button } from '../components/Button'
import { QrCode } from '../components/QrCode'
import { Spinner } from '../components/Spinner'
import { copyText } from '../copyText'
import { errorText } from '../i18n/errorText'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'
import { useController, useStores } from '../../react/PorticoContext'

/**
 * A Farcaster sign-in: the secure site opens a channel, and its link shows here as a QR code
 * (for the Farcaster app on a phone) and as a link (for the same device). The secure site polls
 * the channel and verifies the signed message; failures say 'Failed to connect to farcaster'.
 */
export default function ConnectingFarcasterView() {
  const stores = useStores()
  const ConnectionController = useController(createConnectionController)
  const m = useMessages()
  const { login } = useSnapshot(ConnectionController.state)
  const url = login?.method === 'farcaster' ? login.url : undefined
  const { status, failure, start } = useAction(() => ConnectionController.connectFarcaster(), true)

  if (status === 'error') {
    return (
      <div className="center">
        <p className="strong" style={{ fontSize: 'var(--portico-text-m)' }}>{m.social.farcasterFailed}</p>
        <p className="muted" role="alert">{errorText(failure, m)}</p>
        <Button onClick={start}>{m.social.retry}</Button>
      </div>
    )
  }
  return (
    <div className="center">
      {url ? <QrCode value={url} label={m.social.farcasterQrLabel} /> : <Spinner label={m.social.farcasterWaiting} />}
      <p className="muted">{m.social.farcasterScan}</p>
      {url && (
        <div className="row" style={{ width: '100%' }}>
          <Button variant="secondary" onClick={() => copyText(stores, url, m.social.farcasterCopied)}>{m.social.farcasterCopy}</Button>
          <a className="button" href={url} target="_blank" rel="noopener noreferrer">{m.social.farcasterOpen}</a>
        </div>
      )}
    </div>
  )
}
