const DB_NAME = 'portico-secure-site'
const STORE = 'vault'
const WRAPPING_KEY = 'wrapping-key'

type Sealed = { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer }

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'))
  })
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await openDb()
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE))
      request.onsuccess = () => resolve(request.result as T)
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
    })
  } finally {
    db.close()
  }
}

/**
 * What the secure origin keeps of each account, encrypted at rest: this device's share of the key
 * (never a second share of the same split), sealed with AES-GCM under one wrapping key that WebCrypto generated as
 * non-extractable and that IndexedDB keeps as a `CryptoKey` (its bytes can be used, never read).
 * Only this origin's pages can open the vault. Entries are named by device and account, so a
 * browser profile that was several devices in turn (as the tests make it) keeps them apart.
 *
 * @example
 * await KeyVault.put(`device-share:${deviceId}:${address}`, share)
 * const share = await KeyVault.get(`device-share:${deviceId}:${address}`)
 */
export const KeyVault = {
  async wrappingKey(): Promise<CryptoKey> {
    const existing = await run<CryptoKey | undefined>('readonly', (s) => s.get(WRAPPING_KEY))
    if (existing) return existing
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
    await run('readwrite', (s) => s.put(key, WRAPPING_KEY))
    return key
  },

  async put(entry: string, value: string): Promise<void> {
    const key = await KeyVault.wrappingKey()
    const iv = crypto.getRandomValues(new Uint8Array(12))
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(entry) }, key, new TextEncoder().encode(value))
    await run('readwrite', (s) => s.put({ iv, data } satisfies Sealed, entry.toLowerCase()))
  },

  async get(entry: string): Promise<string | undefined> {
    const sealed = await run<Sealed | undefined>('readonly', (s) => s.get(entry.toLowerCase()))
    if (!sealed) return undefined
    const key = await KeyVault.wrappingKey()
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv, additionalData: new TextEncoder().encode(entry) }, key, sealed.data)
    return new TextDecoder().decode(plain)
  },

  async remove(entry: string): Promise<void> {
    await run('readwrite', (s) => s.delete(entry.toLowerCase()))
  },

  /** Everything the vault holds, sealed, for tests that check nothing readable is kept. */
  async sealedEntries(): Promise<unknown[]> {
    return run<unknown[]>('readonly', (s) => s.getAll())
  },
}
