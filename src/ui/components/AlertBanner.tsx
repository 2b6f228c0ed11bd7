import { useSnapshot } from 'valtio/react'
import { createAlertController } from '../../controllers/AlertController'
import { useMessages } from '../i18n/useMessages'
import { IconButton } from './Button'
import { useController } from '../../react/PorticoContext'

/** The catalogue alert (configuration and provider problems), with a way to dismiss it. */
export function AlertBanner() {
  const AlertController = useController(createAlertController)
  const m = useMessages()
  const alert = useSnapshot(AlertController.state)
  if (!alert.open) return null
  return (
    <div className="alert row" role="alert" data-variant={alert.variant}>
      <div>
        <strong>{alert.shortMessage}</strong>
        {alert.longMessage && <p className="muted">{alert.longMessage}</p>}
      </div>
      <IconButton icon="close" label={`${m.close}: ${alert.shortMessage}`} style={{ flex: 'none' }} onClick={() => AlertController.close()} />
    </div>
  )
}
