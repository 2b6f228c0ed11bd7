import { RouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { Spinner } from '../components/Spinner'
import { en } from '../i18n/en'

/** Waiting while the wallet shows a transaction for approval. */
export default function ApproveTransactionView() {
  return (
    <div className="center">
      <Spinner label={en.approve.hint} />
      <p className="muted">{en.approve.hint}</p>
      <Button variant="secondary" onClick={() => RouterController.goBack()}>{en.approve.cancel}</Button>
    </div>
  )
}
