import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio/react'
import { ModalController } from '../controllers/ModalController'

// The modal's shell (its stylesheet, header, router) loads with the first open, beside the
// view's chunk and the locale's catalogue: none of it is needed before.
const Modal = lazy(() => import('../ui/Modal/Modal').then(({ Modal }) => ({ default: Modal })))

/** Renders the modal only while it is open, so the page's first load carries none of it. */
export function ModalWhenOpen() {
  const { open } = useSnapshot(ModalController.state)
  return open ? (
    <Suspense fallback={null}>
      <Modal />
    </Suspense>
  ) : null
}
