import type { Hex } from 'viem'

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
 * The account keys of the secure origin, encrypted at rest: each key is sealed with AES-GCM under
 * one wrapping key that WebCrypto generated as non-extractable and that IndexedDB keeps as a
 * `CryptoKey` (its bytes can be used, never read). Only this origin's pages can open the vault;
 * a key is decrypted for one signature and dropped.
 *
 * @example
 * await KeyVault.store(account, privateKey)
 * const key = await KeyVault.load(account)
 */
export const KeyVault = {
  async wrappingKey(): Promise<CryptoKey> {
    const existing = await run<CryptoKey | undefined>('readonly', (s) => s.get(WRAPPING_KEY))
    if (existing) return existing
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
    await run('readwrite', (s) => s.put(key, WRAPPING_KEY))
    return key
  },

  async store(account: string, privateKey: Hex): Promise<void> {
    const key = await KeyVault.wrappingKey()
    const iv = crypto.getRandomValues(new Uint8Array(12))
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(privateKey))
    await run('readwrite', (s) => s.put({ iv, data } satisfies Sealed, `account:${account.toLowerCase()}`))
  },

  async load(account: string): Promise<Hex | undefined> {
    const sealed = await run<Sealed | undefined>('readonly', (s) => s.get(`account:${account.toLowerCase()}`))
    if (!sealed) return undefined
    const key = await KeyVault.wrappingKey()
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.data)
    return new TextDecoder().decode(plain) as Hex
  },

  async remove(account: string): Promise<void> {
    await run('readwrite', (s) => s.delete(`account:${account.toLowerCase()}`))
  },

  /** Everything the vault holds, sealed, for tests that check nothing readable is kept. */
  async sealedEntries(): Promise<unknown[]> {
    return run<unknown[]>('readonly', (s) => s.getAll())
  },
}
