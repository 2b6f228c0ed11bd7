import { useSnapshot } from 'valtio/react'
import { createConnectionController } from '../../controllers/ConnectionController'
import { createOptionsController } from '../../controllers/OptionsController'
import { BaseError } from '../../core/BaseError'
import { Button } from '../components/Button'
import { errorText } from '../i18n/errorText'
import { useMessages } from '../i18n/useMessages'
import { useAction } from '../useAction'
import { useControllers } from '../../react/PorticoContext'

/**
 * Sign in with the connected wallet. A failure stays on this view in words ('Error signing
 * message' and what the wallet or the server said); Cancel goes back to the last signed network
 * or disconnects when sign-in is required, and just closes when it is optional.
 */
export default function SiwxSignMessageView() {
  const [ConnectionController, OptionsController] = useControllers(createConnectionController, createOptionsController)
  const m = useMessages()
  const options = useSnapshot(OptionsController.state)
  const sign = useAction(() => ConnectionController.signIn())
  const cancel = useAction(() => ConnectionController.cancelSignIn())
  const busy = sign.status === 'pending' || cancel.status === 'pending'
  // The seed's short text on the first line, the reason underneath (the wallet's or the server's).
  const summary = sign.status === 'error' ? errorText(sign.failure, m) : ''
  const details = sign.failure instanceof BaseError && sign.failure.details ? [sign.failure.details] : []
  return (
    <>
      <p className="muted" style={{ textAlign: 'center' }}>{m.siwx.message(options.metadata?.name ?? m.siwx.thisApp)}</p>
      {sign.status === 'pending' && <p className="muted" role="status" style={{ textAlign: 'center' }}>{m.siwx.pending}</p>}
      {sign.status === 'error' && (
        <div role="alert" className="error-text">
          <p className="strong">{summary}</p>
          {details.length > 0 && <p>{details.join(' ')}</p>}
        </div>
      )}
      <div className="row">
        <Button variant="secondary" onClick={cancel.start} disabled={busy}>
          {m.siwx.cancel}
        </Button>
        <Button onClick={sign.start} disabled={busy}>{m.siwx.sign}</Button>
      </div>
    </>
  )
}
