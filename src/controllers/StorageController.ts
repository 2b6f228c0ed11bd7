import { proxy } from 'valtio/vanilla'
import * as z from 'zod/mini'
import type { AccountType } from './AccountController'
import type { Namespace } from './Network'
import { CACHE_KEYS, CACHE_TTL_MS, type CacheKind, MAX_RECENT_WALLETS, STORAGE_KEYS } from './StorageKeys'

/** The part of the Web Storage API Portico uses; `localStorage` by default. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** A wallet the user connected recently, shown first in the wallet list. */
export type RecentWallet = { id: string; name: string; imageUrl?: string | undefined }

/** A connection as remembered between visits. */
export type StoredConnection = {
  connectorId: string
  accounts: { address: string; type?: AccountType | undefined }[]
  caipNetworkId?: string | undefined
  /** For the email/social wallet: which login was used (`email`, `google`, …) and the user name. */
  auth?: { name?: string | undefined; username?: string | undefined } | undefined
}

const recentWalletSchema = z.object({ id: z.string(), name: z.string(), imageUrl: z.optional(z.string()) })
const storedConnectionSchema = z.object({
  connectorId: z.string(),
  accounts: z.array(z.object({ address: z.string(), type: z.optional(z.enum(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'])) })),
  caipNetworkId: z.optional(z.string()),
  auth: z.optional(z.object({ name: z.optional(z.string()), username: z.optional(z.string()) })),
})
const cacheSchema = z.record(z.string(), z.object({ timestamp: z.number(), value: z.unknown() }))
const stringMapSchema = z.record(z.string(), z.string())
const stringListMapSchema = z.record(z.string(), z.array(z.string()))

export type StorageState = {
  /** The last storage failure (quota, private mode…), logged and otherwise ignored. */
  lastError: string | undefined
}

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
  StorageController.state.lastError = `${action}: ${message}`
  console.warn(`Portico: storage ${action} failed, continuing without it`, error)
}

/** Addresses of `0x` chains compare case-insensitively; others (base58) are case-sensitive. */
const addressKey = (address: string) => (address.startsWith('0x') ? address.toLowerCase() : address)

/**
 * Everything Portico remembers in localStorage. Every read and write is guarded: a storage that
 * throws (quota exceeded, private mode, sandboxed frame) is logged and ignored, and reads then
 * return nothing.
 *
 * @example
 * StorageController.addRecentWallet({ id: 'io.metamask', name: 'MetaMask' })
 * StorageController.setCache('names', '0xAb…', 'vitalik.eth')
 * StorageController.getCache('names', '0xab…') // 'vitalik.eth' for 5 minutes
 */
export const StorageController = {
  state: proxy<StorageState>({ lastError: undefined }),

  /** Uses another storage (tests, or `sessionStorage`); `undefined` goes back to localStorage. */
  setStorage(next: StorageLike | undefined) {
    backend = next
  },

  getItem(key: string): string | undefined {
    try {
      return storage()?.getItem(key) ?? undefined
    } catch (error) {
      fail(`read of ${key}`, error)
      return undefined
    }
  },

  setItem(key: string, value: string) {
    try {
      storage()?.setItem(key, value)
    } catch (error) {
      fail(`write of ${key}`, error)
    }
  },

  removeItem(key: string) {
    try {
      storage()?.removeItem(key)
    } catch (error) {
      fail(`removal of ${key}`, error)
    }
  },

  /** Reads JSON that must match `schema`; anything else (corrupt, hand-edited) reads as undefined. */
  getJson<value>(key: string, schema: z.ZodMiniType<value>): value | undefined {
    const raw = StorageController.getItem(key)
    if (raw === undefined) return undefined
    try {
      const parsed = schema.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  },

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

  // Recent wallets (at most 2, newest first)

  addRecentWallet(wallet: RecentWallet) {
    const others = StorageController.getRecentWallets().filter((w) => w.id !== wallet.id)
    StorageController.setJson(STORAGE_KEYS.RECENT_WALLETS, [wallet, ...others].slice(0, MAX_RECENT_WALLETS))
  },

  getRecentWallets(): RecentWallet[] {
    return StorageController.getJson(STORAGE_KEYS.RECENT_WALLETS, z.array(recentWalletSchema)) ?? []
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
    return StorageController.getJson(STORAGE_KEYS.CONNECTIONS, z.record(z.string(), z.array(storedConnectionSchema))) ?? {}
  },

  // Address-keyed caches with a timestamp

  /** Caches `value` for `address`, stamped with the current time. */
  setCache(kind: CacheKind, address: string, value: unknown) {
    const entries = StorageController.getJson(CACHE_KEYS[kind], cacheSchema) ?? {}
    entries[addressKey(address)] = { timestamp: Date.now(), value }
    StorageController.setJson(CACHE_KEYS[kind], entries)
  },

  /** The cached value, while fresh: portfolio and native balance 30 s, names and identity 5 min. */
  getCache<value = unknown>(kind: CacheKind, address: string): value | undefined {
    const entry = StorageController.getJson(CACHE_KEYS[kind], cacheSchema)?.[addressKey(address)]
    if (!entry || Date.now() - entry.timestamp >= CACHE_TTL_MS[kind]) return undefined
    return entry.value as value
  },

  clearCache(kind: CacheKind) {
    StorageController.removeItem(CACHE_KEYS[kind])
  },

  // Sign-in and login

  setAuthToken(token: string | undefined) {
    StorageController.setOrRemove(STORAGE_KEYS.AUTH_TOKEN, token)
  },
  getAuthToken: () => StorageController.getItem(STORAGE_KEYS.AUTH_TOKEN),

  setEmail(email: string | undefined) {
    StorageController.setOrRemove(STORAGE_KEYS.EMAIL, email)
  },
  getEmail: () => StorageController.getItem(STORAGE_KEYS.EMAIL),

  setSocialUsername(username: string | undefined) {
    StorageController.setOrRemove(STORAGE_KEYS.SOCIAL_USERNAME, username)
  },
  getSocialUsername: () => StorageController.getItem(STORAGE_KEYS.SOCIAL_USERNAME),

  setLastUsedChain(namespace: Namespace) {
    StorageController.setItem(STORAGE_KEYS.LAST_USED_CHAIN, namespace)
  },
  getLastUsedChain: () => StorageController.getItem(STORAGE_KEYS.LAST_USED_CHAIN) as Namespace | undefined,

  setLoginUsed(used: boolean) {
    StorageController.setOrRemove(STORAGE_KEYS.LOGIN_USED, used ? 'true' : undefined)
  },
  getLoginUsed: () => StorageController.getItem(STORAGE_KEYS.LOGIN_USED) === 'true',

  setLastEmailLoginTime(time = Date.now()) {
    StorageController.setItem(STORAGE_KEYS.LAST_EMAIL_LOGIN_TIME, String(time))
  },
  getLastEmailLoginTime(): number | undefined {
    const value = Number(StorageController.getItem(STORAGE_KEYS.LAST_EMAIL_LOGIN_TIME))
    return Number.isFinite(value) && value > 0 ? value : undefined
  },

  // Smart accounts, stored as a comma-separated list of CAIP-2 ids

  setSmartAccountEnabledNetworks(caipNetworkIds: readonly string[]) {
    StorageController.setItem(STORAGE_KEYS.SMART_ACCOUNT_ENABLED_NETWORKS, caipNetworkIds.join(','))
  },
  getSmartAccountEnabledNetworks(): string[] {
    return (StorageController.getItem(STORAGE_KEYS.SMART_ACCOUNT_ENABLED_NETWORKS) ?? '').split(',').filter(Boolean)
  },

  // Active namespace and network

  setActiveNamespace(namespace: Namespace | undefined) {
    StorageController.setOrRemove(STORAGE_KEYS.ACTIVE_NAMESPACE, namespace)
  },
  getActiveNamespace: () => StorageController.getItem(STORAGE_KEYS.ACTIVE_NAMESPACE) as Namespace | undefined,

  /** Remembers the active network, overall and for its namespace. */
  setActiveNetworkId(namespace: Namespace, caipNetworkId: string) {
    StorageController.setItem(STORAGE_KEYS.ACTIVE_NETWORK, caipNetworkId)
    StorageController.setItem(STORAGE_KEYS.ACTIVE_NETWORK_ID + namespace, caipNetworkId)
  },
  getActiveNetworkId(namespace?: Namespace): string | undefined {
    return StorageController.getItem(namespace ? STORAGE_KEYS.ACTIVE_NETWORK_ID + namespace : STORAGE_KEYS.ACTIVE_NETWORK)
  },

  // Connected and disconnected connectors, per namespace

  setConnectedConnectorId(namespace: Namespace, connectorId: string) {
    const ids = StorageController.getConnectedConnectorIds()
    StorageController.setJson(STORAGE_KEYS.CONNECTED_CONNECTOR_IDS, { ...ids, [namespace]: connectorId })
    StorageController.addConnectedNamespace(namespace)
    StorageController.removeDisconnectedConnectorId(namespace, connectorId)
  },
  getConnectedConnectorIds(): Partial<Record<Namespace, string>> {
    return StorageController.getJson(STORAGE_KEYS.CONNECTED_CONNECTOR_IDS, stringMapSchema) ?? {}
  },
  removeConnectedConnectorId(namespace: Namespace) {
    const { [namespace]: _removed, ...rest } = StorageController.getConnectedConnectorIds()
    StorageController.setJson(STORAGE_KEYS.CONNECTED_CONNECTOR_IDS, rest)
    StorageController.removeConnectedNamespace(namespace)
  },

  addConnectedNamespace(namespace: Namespace) {
    const list = StorageController.getConnectedNamespaces()
    if (!list.includes(namespace)) StorageController.setItem(STORAGE_KEYS.CONNECTED_NAMESPACES, [...list, namespace].join(','))
  },
  removeConnectedNamespace(namespace: Namespace) {
    const list = StorageController.getConnectedNamespaces().filter((n) => n !== namespace)
    StorageController.setItem(STORAGE_KEYS.CONNECTED_NAMESPACES, list.join(','))
  },
  getConnectedNamespaces(): Namespace[] {
    return (StorageController.getItem(STORAGE_KEYS.CONNECTED_NAMESPACES) ?? '').split(',').filter(Boolean) as Namespace[]
  },

  setPreferredAccountType(namespace: Namespace, type: AccountType) {
    const types = StorageController.getPreferredAccountTypes()
    StorageController.setJson(STORAGE_KEYS.PREFERRED_ACCOUNT_TYPES, { ...types, [namespace]: type })
  },
  getPreferredAccountTypes(): Partial<Record<Namespace, AccountType>> {
    return (StorageController.getJson(STORAGE_KEYS.PREFERRED_ACCOUNT_TYPES, stringMapSchema) ?? {}) as Partial<Record<Namespace, AccountType>>
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
  getDisconnectedConnectorIds(): Partial<Record<Namespace, string[]>> {
    return StorageController.getJson(STORAGE_KEYS.DISCONNECTED_CONNECTOR_IDS, stringListMapSchema) ?? {}
  },

  /** Connectors to reconnect on load: those that connected and were not disconnected since. */
  getConnectorsToRestore(): { namespace: Namespace; connectorId: string }[] {
    const disconnected = StorageController.getDisconnectedConnectorIds()
    return Object.entries(StorageController.getConnectedConnectorIds())
      .filter(([namespace, id]) => id && !disconnected[namespace as Namespace]?.includes(id))
      .map(([namespace, connectorId]) => ({ namespace: namespace as Namespace, connectorId: connectorId as string }))
  },

  setOrRemove(key: string, value: string | undefined) {
    if (value === undefined) StorageController.removeItem(key)
    else StorageController.setItem(key, value)
  },

  /** Forgets the failure and goes back to localStorage (the stored data is not touched). */
  reset() {
    backend = undefined
    StorageController.state.lastError = undefined
  },
}
