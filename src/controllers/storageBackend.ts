import { proxy } from 'valtio/vanilla'
import { array, record, type SafeParser, string } from '../shape/shape'
import type { Namespace } from '../networks/Network'
import { STORAGE_KEYS } from './StorageKeys'

/** The part of the Web Storage API Portico uses; `localStorage` by default. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export type StorageState = {
  /** The last storage failure (quota, private mode…), logged and otherwise ignored. */
  lastError: string | undefined
}

const stringMapShape = record(string())
const stringListMapShape = record(array(string()))

/*
 * The guarded access to the storage under `StorageController`, and the reads a start needs (what
 * to restore): apart from the controller's records, so that a first load that only restores (the
 * headless hooks') carries none of them. A storage that throws (quota exceeded, private mode,
 * sandboxed frame) is logged and ignored, and reads then return nothing.
 */

/**
 * Makes a Portico's storage access: its storage (localStorage unless told otherwise) and the last
 * failure.
 *
 * @example
 * const backend = stores.get(createStorageBackend)
 * backend.setStorageBackend(sessionStorage)
 * backend.connectorsToRestore() // [{ namespace: 'eip155', connectorId: 'io.metamask' }]
 */
export function createStorageBackend() {
  /** `StorageController.state`. */
  const storageState = proxy<StorageState>({ lastError: undefined })

  let backend: StorageLike | null | undefined

  function storage(): StorageLike | undefined {
    if (backend === undefined) {
      try {
        backend = globalThis.localStorage ?? null
      } catch (error) {
        fail('open', error)
        backend = null
      }
    }
    return backend ?? undefined
  }

  function fail(action: string, error: unknown) {
    const message = error instanceof Error ? error.message : String(error)
    storageState.lastError = `${action}: ${message}`
    console.warn(`Portico: storage ${action} failed, continuing without it`, error)
  }

  /** Uses another storage (tests, or `sessionStorage`); `undefined` goes back to localStorage. */
  function setStorageBackend(next: StorageLike | undefined): void {
    backend = next
  }

  /** Forgets the failure and goes back to localStorage (the stored data is not touched). */
  function resetStorageBackend(): void {
    backend = undefined
    storageState.lastError = undefined
  }

  /**
   * Reads `key`; `undefined` when absent or when the storage fails.
   *
   * @example
   * readItem(STORAGE_KEYS.SIWX_SESSIONS)
   */
  function readItem(key: string): string | undefined {
    try {
      return storage()?.getItem(key) ?? undefined
    } catch (error) {
      fail(`read of ${key}`, error)
      return undefined
    }
  }

  /** Writes `key` (a failure is logged and ignored). */
  function writeItem(key: string, value: string): void {
    try {
      storage()?.setItem(key, value)
    } catch (error) {
      fail(`write of ${key}`, error)
    }
  }

  /** Removes `key` (a failure is logged and ignored). */
  function removeItem(key: string): void {
    try {
      storage()?.removeItem(key)
    } catch (error) {
      fail(`removal of ${key}`, error)
    }
  }

  /** Reads JSON that must match `schema` (a shape check or a zod schema); anything else (corrupt, hand-edited) reads as undefined. */
  function readJson<value>(key: string, schema: SafeParser<value>): value | undefined {
    const raw = readItem(key)
    if (raw === undefined) return undefined
    try {
      const parsed = schema.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  }

  /** The connector connected last in each namespace. */
  const connectedConnectorIds = (): Partial<Record<Namespace, string>> => readJson(STORAGE_KEYS.CONNECTED_CONNECTOR_IDS, stringMapShape) ?? {}

  /** The connectors disconnected since, per namespace. */
  const disconnectedConnectorIds = (): Partial<Record<Namespace, string[]>> => readJson(STORAGE_KEYS.DISCONNECTED_CONNECTOR_IDS, stringListMapShape) ?? {}

  /**
   * Connectors to reconnect on load: those that connected and were not disconnected since.
   *
   * @example
   * connectorsToRestore() // [{ namespace: 'eip155', connectorId: 'io.metamask' }]
   */
  function connectorsToRestore(): { namespace: Namespace; connectorId: string }[] {
    const disconnected = disconnectedConnectorIds()
    return Object.entries(connectedConnectorIds())
      .filter(([namespace, id]) => id && !disconnected[namespace as Namespace]?.includes(id))
      .map(([namespace, connectorId]) => ({ namespace: namespace as Namespace, connectorId: connectorId as string }))
  }

  return {
    state: storageState,
    setStorageBackend,
    readItem,
    writeItem,
    removeItem,
    readJson,
    connectedConnectorIds,
    disconnectedConnectorIds,
    connectorsToRestore,
    reset: resetStorageBackend,
  }
}

/** A Portico's storage access. */
export type StorageBackend = ReturnType<typeof createStorageBackend>
