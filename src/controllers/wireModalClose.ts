import { signInPending, signInStoresOf } from './connection/signIn'
import { createModalController } from './ModalController'
import { createRouterController } from './RouterController'
import { type Stores, storesOf } from './stores'

/**
 * What closing the modal means, registered by `createPortico` (nothing registers at import
 * time): going back from the last view closes the modal, and the modal refuses to close (it
 * shakes) while sign-in is required and the account in use has no session on its network.
 * Wires the stores of `stores`. Returns the undo, for
 * `destroy()`; a newer Portico's registration is left in place.
 *
 * @example
 * const unwire = wireModalClose(portico.stores)
 * unwire()
 */
export function wireModalClose(stores: Stores): () => void {
  const [ModalController, RouterController] = storesOf(stores, createModalController, createRouterController)
  const stopHandler = RouterController.setCloseHandler(() => ModalController.close())
  const stopGuard = ModalController.setCloseGuard(() => signInPending(signInStoresOf(stores)))
  return () => {
    stopHandler()
    stopGuard()
  }
}
