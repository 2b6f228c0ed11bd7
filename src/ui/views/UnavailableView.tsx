import { RouterController } from '../../controllers/RouterController'
import { Button } from '../components/Button'
import { en } from '../i18n/en'

/** Shown for a view this build has no screen for yet, instead of an empty modal. */
export default function UnavailableView() {
  return (
    <div className="center">
      <p className="muted">{en.unavailable}</p>
      <Button variant="secondary" onClick={() => RouterController.goBack()}>{en.back}</Button>
    </div>
  )
}
