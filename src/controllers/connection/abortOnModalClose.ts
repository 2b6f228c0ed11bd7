import { subscribe } from 'valtio/vanilla'
import { createModalController } from '../ModalController'
import type { Stores } from '../stores'

/**
 * While the modal is open, closing it aborts `attempt` (a connect waiting on a wallet). Returns
 * the stop, for when the attempt ends.
 *
 * @example
 * const stopWatching = abortOnModalClose(stores, attempt)   // the visitor closes the modal: attempt.signal aborts
 */
export function abortOnModalClose(stores: Stores, attempt: AbortController): () => void {
  const ModalController = stores.get(createModalController)
  if (!ModalController.state.open) return () => {}
  return subscribe(ModalController.state, () => {
    if (!ModalController.state.open) attempt.abort()
  })
}
