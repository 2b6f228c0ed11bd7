import { useSnapshot } from 'valtio/react'
import { ConnectionController } from '../../controllers/ConnectionController'
import { OptionsController } from '../../controllers/OptionsController'
import { SiwxController } from '../../controllers/SiwxController'
import { Button } from '../components/Button'
import { en } from '../i18n/en'
import { useAction } from '../useAction'

/** Sign in with the connected wallet; when sign-in is required, cancelling disconnects. */
export default function SiwxSignMessageView() {
  const options = useSnapshot(OptionsController.state)
  const siwx = useSnapshot(SiwxController.state)
  const sign = useAction(() => ConnectionController.signIn())
  const cancel = useAction(() => ConnectionController.disconnect())
  return (
    <>
      <p className="muted" style={{ textAlign: 'center' }}>{en.siwx.message(options.metadata?.name ?? 'This app')}</p>
      {sign.error && <p className="error-text" role="alert">{sign.error}</p>}
      <div className="row">
        <Button variant="secondary" onClick={cancel.start} disabled={cancel.status === 'pending'}>
          {siwx.required ? en.account.disconnect : en.siwx.cancel}
        </Button>
        <Button onClick={sign.start} disabled={sign.status === 'pending'}>{en.siwx.sign}</Button>
      </div>
    </>
  )
}
