import { ConnectionController } from '../controllers/ConnectionController'
import { SiwxController } from '../controllers/SiwxController'
import { StorageController } from '../controllers/StorageController'

/**
 * Restores the connections of an earlier visit (those this browser stored). When sign-in is
 * required, a connection restored without a live session asks for it at once, once the stored
 * sessions (`sessionsRestored`) are known, not at the next change. Returns a stop function,
 * after which the restore no longer asks.
 *
 * @example
 * const stop = startRestore(startSiwx(options))   // done by createPortico
 */
export function startRestore(sessionsRestored: Promise<unknown> | undefined): () => void {
  if (StorageController.getConnectorsToRestore().length === 0) return () => {}
  let stopped = false
  const restoring = ConnectionController.restore()
  void Promise.all([restoring, sessionsRestored]).then(() => {
    if (!stopped && SiwxController.state.required) ConnectionController.promptSignIn()
  }, () => undefined)
  return () => {
    stopped = true
  }
}
