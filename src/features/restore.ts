import { loadConnectionController } from '../controllers/connection/loadConnectionController'
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
  const restoring = loadConnectionController().then((connection) => connection.restore().then(() => connection))
  void Promise.all([restoring, sessionsRestored]).then(([connection]) => {
    if (!stopped && SiwxController.state.required) connection.promptSignIn()
  }, () => undefined)
  return () => {
    stopped = true
  }
}
