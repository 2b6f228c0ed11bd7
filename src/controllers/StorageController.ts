import { array, object, oneOf, optional, record, string } from '../shape/shape'
import type { AccountType } from './AccountController'
import type { Namespace } from '../networks/Network'
import { STORAGE_KEYS } from './StorageKeys'
import { createStorageBackend } from './storageBackend'
import { type Stores, storeOf } from './stores'

export type { StorageLike, StorageState } from './storageBackend'

/** A connection as remembered between visits. */
export type StoredConnection = {
  connectorId: string
  accounts: { address: string; type?: AccountType | undefined }[]
  caipNetworkId?: string | undefined
  /** For the email/social wallet: which login was used (`email`, `google`, …) and the user name. */
  auth?: { name?: string | undefined; username?: string | undefined } | undefined
}

const storedConnectionShape = object({
  connectorId: string(),
  accounts: array(object({ address: string(), type: optional(oneOf(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'])) })),
  caipNetworkId: optional(string()),
  auth: optional(object({ name: optional(string()), username: optional(string()) })),
})
const connectionsShape = record(array(storedConnectionShape))

/**
 * Makes a Portico's storage store: everything Portico remembers in localStorage. Every read and
 * write is guarded: a storage that throws (quota exceeded, private mode, sandboxed frame) is logged
 * and ignored, and reads then return nothing.
 *
 * @example
 * StorageController.setConnectedConnectorId('eip155', 'io.metamask')
 * StorageController.getConnectorsToRestore() // [{ namespace: 'eip155', connectorId: 'io.metamask' }]
 */
export function createStorageController(stores: Stores) {
  const backend = storeOf(stores, createStorageBackend)

  const StorageController = {
    state: backend.state,

    /** Uses another storage (tests, or `sessionStorage`); `undefined` goes back to localStorage. */
    setStorage: backend.setStorageBackend,

    getItem: backend.readItem,

    setItem: backend.writeItem,

    removeItem: backend.removeItem,

    /** Reads JSON that must match `schema` (a shape check or a zod schema); anything else (corrupt, hand-edited) reads as undefined. */
    getJson: backend.readJson,

    setJson(key: string, value: unknown) {
      StorageController.setItem(key, JSON.stringify(value))
    },

    // The connected wallet

    setConnectedWallet(wallet: { id: string; name: string }) {
      StorageController.setItem(STORAGE_KEYS.WALLET_ID, wallet.id)
      StorageController.setItem(STORAGE_KEYS.WALLET_NAME, wallet.name)
    },

    getConnectedWallet(): { id: string; name: string } | undefined {
      const id = StorageController.getItem(STORAGE_KEYS.WALLET_ID)
      const name = StorageController.getItem(STORAGE_KEYS.WALLET_NAME)
      return id && name ? { id, name } : undefined
    },

    clearConnectedWallet() {
      StorageController.removeItem(STORAGE_KEYS.WALLET_ID)
      StorageController.removeItem(STORAGE_KEYS.WALLET_NAME)
    },

    // Connections remembered per namespace

    setConnections(namespace: Namespace, connections: readonly StoredConnection[]) {
      const all = StorageController.getAllConnections()
      StorageController.setJson(STORAGE_KEYS.CONNECTIONS, { ...all, [namespace]: connections })
    },

    getConnections(namespace: Namespace): StoredConnection[] {
      return StorageController.getAllConnections()[namespace] ?? []
    },

    getAllConnections(): Partial<Record<Namespace, StoredConnection[]>> {
      return StorageController.getJson(STORAGE_KEYS.CONNECTIONS, connectionsShape) ?? {}
    },

    // Connected and disconnected connectors, per namespace

    setConnectedConnectorId(namespace: Namespace, connectorId: string) {
      const ids = StorageController.getConnectedConnectorIds()
      StorageController.setJson(STORAGE_KEYS.CONNECTED_CONNECTOR_IDS, { ...ids, [namespace]: connectorId })
      StorageController.removeDisconnectedConnectorId(namespace, connectorId)
    },
    getConnectedConnectorIds: backend.connectedConnectorIds,
    removeConnectedConnectorId(namespace: Namespace) {
      const { [namespace]: _removed, ...rest } = StorageController.getConnectedConnectorIds()
      StorageController.setJson(STORAGE_KEYS.CONNECTED_CONNECTOR_IDS, rest)
    },

    addDisconnectedConnectorId(namespace: Namespace, connectorId: string) {
      const map = StorageController.getDisconnectedConnectorIds()
      const list = map[namespace] ?? []
      if (list.includes(connectorId)) return
      StorageController.setJson(STORAGE_KEYS.DISCONNECTED_CONNECTOR_IDS, { ...map, [namespace]: [...list, connectorId] })
    },
    removeDisconnectedConnectorId(namespace: Namespace, connectorId: string) {
      const map = StorageController.getDisconnectedConnectorIds()
      if (!map[namespace]?.includes(connectorId)) return
      StorageController.setJson(STORAGE_KEYS.DISCONNECTED_CONNECTOR_IDS, { ...map, [namespace]: map[namespace].filter((id) => id !== connectorId) })
    },
    getDisconnectedConnectorIds: backend.disconnectedConnectorIds,

    /** Connectors to reconnect on load: those that connected and were not disconnected since. */
    getConnectorsToRestore: backend.connectorsToRestore,

    setOrRemove(key: string, value: string | undefined) {
      if (value === undefined) StorageController.removeItem(key)
      else StorageController.setItem(key, value)
    },

    /** Forgets the failure and goes back to localStorage (the stored data is not touched). */
    reset: backend.reset,
  }
  return StorageController
}

/** A Portico's storage store. */
export type StorageController = ReturnType<typeof createStorageController>
