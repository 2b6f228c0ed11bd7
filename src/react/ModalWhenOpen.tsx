import { lazy, Suspense, useEffect, useState } from 'react'
import { useSnapshot } from 'valtio/react'
import { createModalController } from '../controllers/ModalController'
import { createRouterController, type View } from '../controllers/RouterController'
import { loadedModal, loadModal, preloadModal } from '../ui/preloadModal'
import type { Stores } from '../controllers/stores'
import { useControllers, useStores } from './PorticoContext'

// The modal's shell (its stylesheet, header, router) loads with the first open (or earlier, see
// `PorticoProvider`), beside the view's chunk and the locale's catalogue: none of it is needed
// before. Only if that load failed does the shell go through `lazy`, which tries again and lets
// the failure reach an error boundary.
const lazyModal = (stores: Stores, view: () => View) => lazy(() => loadModal(stores, view()).then(({ Modal }) => ({ default: Modal })))

/**
 * Renders the modal only while it is open, so the page's first load carries none of it. On an
 * open before its code has loaded (or while the idle preload is still fetching it), nothing is
 * rendered until the shell, the view and the messages are all in: rendered then, nothing
 * suspends. A component that suspends shows its fallback, and React then holds the revealed
 * content back for up to 300 ms to batch reveals.
 */
export function ModalWhenOpen() {
  const [ModalController, RouterController] = useControllers(createModalController, createRouterController)
  const stores = useStores()
  const [LazyModal] = useState(() => lazyModal(stores, () => RouterController.state.view))
  const { open } = useSnapshot(ModalController.state)
  const shell = loadedModal()
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    if (!open || shell) return
    let current = true
    void preloadModal(stores, RouterController.state.view).then(() => {
      if (current) setSettled(true)
    })
    return () => {
      current = false
    }
  }, [open, shell])
  if (!open) return null
  const Modal = shell?.Modal ?? (settled ? LazyModal : undefined)
  return Modal ? (
    <Suspense fallback={null}>
      <Modal />
    </Suspense>
  ) : null
}
