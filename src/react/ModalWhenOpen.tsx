import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio/react'
import { ModalController } from '../controllers/ModalController'
import { RouterController } from '../controllers/RouterController'
import { loadedModal, loadModal } from '../ui/preloadModal'

// The modal's shell (its stylesheet, header, router) loads with the first open (or earlier, see
// `PorticoProvider`), beside the view's chunk and the locale's catalogue: none of it is needed
// before.
const LazyModal = lazy(() => loadModal(RouterController.state.view).then(({ Modal }) => ({ default: Modal })))

/** Renders the modal only while it is open, so the page's first load carries none of it. */
export function ModalWhenOpen() {
  const { open } = useSnapshot(ModalController.state)
  // Once loaded (preloaded, or opened before) the shell renders directly: through `lazy` it would
  // suspend for a moment, and React then holds the revealed modal back for up to 300 ms.
  const Modal = loadedModal()?.Modal ?? LazyModal
  return open ? (
    <Suspense fallback={null}>
      <Modal />
    </Suspense>
  ) : null
}
