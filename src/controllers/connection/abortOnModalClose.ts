import { subscribe } from 'valtio/vanilla'
import { ModalController } from '../ModalController'

/**
 * While the modal is open, closing it aborts `attempt` (a connect waiting on a wallet). Returns
 * the stop, for when the attempt ends.
 *
 * @example
 * const stopWatching = abortOnModalClose(attempt)   // the visitor closes the modal: attempt.signal aborts
 */
export function abortOnModalClose(attempt: AbortController): () => void {
  if (!ModalController.state.open) return () => {}
  return subscribe(ModalController.state, () => {
    if (!ModalController.state.open) attempt.abort()
  })
}
