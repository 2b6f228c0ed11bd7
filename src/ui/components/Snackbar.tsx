import { useSnapshot } from 'valtio/react'
import { createSnackbarController } from '../../controllers/SnackbarController'
import { storeNotice } from '../i18n/errorText'
import { useMessages } from '../i18n/useMessages'
import { Icon } from './Icon'
import { useController } from '../../react/PorticoContext'

/** The one-line message at the bottom of the modal, announced politely. */
export function Snackbar() {
  const SnackbarController = useController(createSnackbarController)
  const m = useMessages()
  const snack = useSnapshot(SnackbarController.state)
  return (
    <div role="status" aria-live="polite">
      {snack.open && snack.message && (
        <div className="snackbar" data-variant={snack.variant}>
          {snack.variant === 'loading' ? <span className="spinner" style={{ width: 14, height: 14, borderWidth: 2 }} aria-hidden="true" />
            : <Icon name={snack.variant === 'error' ? 'alert' : 'check'} />}
          {storeNotice({ error: snack.message, errorCode: snack.errorCode, errorParams: snack.errorParams }, m)}
        </div>
      )}
    </div>
  )
}
