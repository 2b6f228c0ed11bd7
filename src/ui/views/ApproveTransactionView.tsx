import { createRouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { Spinner } from '../components/Spinner'
import { useMessages } from '../i18n/useMessages'
import { useController } from '../../react/PorticoContext'

/** Waiting while the wallet shows a transaction for approval. */
export default function ApproveTransactionView() {
  const RouterController = useController(createRouterController)
  const m = useMessages()
  return (
    <div className="center">
      <Spinner label={m.approve.hint} />
      <p className="muted">{m.approve.hint}</p>
      <Button variant="secondary" onClick={() => RouterController.goBack()}>{m.approve.cancel}</Button>
    </div>
  )
}
