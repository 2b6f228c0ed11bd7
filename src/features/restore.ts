import { loadConnectionController } from '../controllers/connection/loadConnectionController'
import { createConnectionRecords } from '../controllers/ConnectionRecords'
import { createConnectorController } from '../controllers/ConnectorController'
import { createSiwxState } from '../controllers/SiwxState'
import { createStorageBackend } from '../controllers/storageBackend'
import { type Stores, storesOf } from '../controllers/stores'

/**
 * Restores the connections of an earlier visit (those this browser stored). When sign-in is
 * required, a connection restored without a live session asks for it at once, once the stored
 * sessions (`sessionsRestored`) are known, not at the next change. Returns a stop function,
 * after which the restore no longer asks.
 *
 * The connection store loads on first use (its own chunk for an app on `portico/headless`); a
 * namespace with a registered connector to restore shows as connecting from the start, so the
 * first render never offers to connect while the restore is on its way.
 *
 * @example
 * const stop = startRestore(stores, startSiwx(stores, options))   // done by createPortico
 */
export function startRestore(stores: Stores, sessionsRestored: Promise<unknown> | undefined): () => void {
  const [storage, records, siwx, ConnectorController] = storesOf(stores, createStorageBackend, createConnectionRecords, createSiwxState, createConnectorController)
  const entries = storage.connectorsToRestore()
  if (entries.length === 0) return () => {}
  let stopped = false
  const waiting = entries.filter(({ namespace, connectorId }) => ConnectorController.getConnector(connectorId, namespace) && ConnectorController.getInstance(connectorId))
  for (const { namespace } of waiting) records.slot(namespace).status = 'connecting'
  const restoring = loadConnectionController(stores).then(
    (connection) => connection.restore().then(() => connection),
    (error: unknown) => {
      for (const { namespace } of waiting) if (records.slot(namespace).status === 'connecting') records.slot(namespace).status = 'disconnected'
      throw error
    },
  )
  void Promise.all([restoring, sessionsRestored]).then(([connection]) => {
    if (!stopped && siwx.state.required) connection.promptSignIn()
  }, () => undefined)
  return () => {
    stopped = true
  }
}
