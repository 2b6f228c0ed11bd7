import { createRouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { useMessages } from '../i18n/useMessages'
import { useController } from '../../react/PorticoContext'

/** Shown for a view this build has no screen for yet, instead of an empty modal. */
export default function UnavailableView() {
  const RouterController = useController(createRouterController)
  const m = useMessages()
  return (
    <div className="center">
      <p className="muted">{m.unavailable}</p>
      <Button variant="secondary" onClick={() => RouterController.goBack()}>{m.back}</Button>
    </div>
  )
}
