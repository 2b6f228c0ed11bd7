import { signInPending } from './connection/signIn'
import { ModalController } from './ModalController'
import { RouterController } from './RouterController'

/**
 * What closing the modal means, registered by `createPortico` (nothing registers at import
 * time): going back from the last view closes the modal, and the modal refuses to close (it
 * shakes) while sign-in is required and the account in use has no session on its network.
 * Returns the undo, for `destroy()`; a newer Portico's registration is left in place.
 *
 * @example
 * const unwire = wireModalClose()
 * unwire()
 */
export function wireModalClose(): () => void {
  const stopHandler = RouterController.setCloseHandler(() => ModalController.close())
  const stopGuard = ModalController.setCloseGuard(() => signInPending())
  return () => {
    stopHandler()
    stopGuard()
  }
}
