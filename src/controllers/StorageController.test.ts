import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type MemoryStorage, memoryStorage } from '../../tests/support/memoryStorage'
import { StorageController, type StorageLike } from './StorageController'
import { CACHE_TTL_MS, STORAGE_KEYS } from './StorageKeys'

/** A storage that fails like Safari's private mode or a full quota. */
class ThrowingStorage implements StorageLike {
  getItem(): string | null {
    throw new DOMException('The operation is insecure.', 'SecurityError')
  }
  setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  }
  removeItem(): void {
    throw new DOMException('The operation is insecure.', 'SecurityError')
  }
}

let memory: MemoryStorage

beforeEach(() => {
  StorageController.reset()
  memory = memoryStorage()
  StorageController.setStorage(memory)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('StorageController', () => {
  it('remembers the connected wallet id and name', () => {
    StorageController.setConnectedWallet({ id: 'io.metamask', name: 'MetaMask' })
    expect(memory.items.get(STORAGE_KEYS.WALLET_ID)).toBe('io.metamask')
    expect(StorageController.getConnectedWallet()).toEqual({ id: 'io.metamask', name: 'MetaMask' })
    StorageController.clearConnectedWallet()
    expect(StorageController.getConnectedWallet()).toBeUndefined()
  })

  it('keeps at most 2 recent wallets, newest first, without duplicates', () => {
    StorageController.addRecentWallet({ id: 'a', name: 'A' })
    StorageController.addRecentWallet({ id: 'b', name: 'B' })
    StorageController.addRecentWallet({ id: 'a', name: 'A' })
    expect(StorageController.getRecentWallets().map((w) => w.id)).toEqual(['a', 'b'])
    StorageController.addRecentWallet({ id: 'c', name: 'C' })
    expect(StorageController.getRecentWallets().map((w) => w.id)).toEqual(['c', 'a'])
  })

  it('reads corrupt or foreign JSON as nothing', () => {
    memory.setItem(STORAGE_KEYS.RECENT_WALLETS, '{not json')
    expect(StorageController.getRecentWallets()).toEqual([])
    memory.setItem(STORAGE_KEYS.RECENT_WALLETS, JSON.stringify([{ id: 1 }]))
    expect(StorageController.getRecentWallets()).toEqual([])
  })

  it('stores connections per namespace', () => {
    const connection = { connectorId: 'io.metamask', accounts: [{ address: '0xA1', type: 'eoa' as const }] }
    StorageController.setConnections('eip155', [connection])
    StorageController.setConnections('solana', [])
    expect(StorageController.getConnections('eip155')).toEqual([connection])
    expect(StorageController.getConnections('solana')).toEqual([])
  })

  it.each([
    ['portfolio', 30_000],
    ['nativeBalance', 30_000],
    ['names', 300_000],
    ['identity', 300_000],
  ] as const)('the %s cache stays fresh for %i ms', (kind, ttl) => {
    vi.useFakeTimers()
    expect(CACHE_TTL_MS[kind]).toBe(ttl)
    StorageController.setCache(kind, '0xAbC', { v: 1 })
    vi.advanceTimersByTime(ttl - 1)
    expect(StorageController.getCache(kind, '0xabc')).toEqual({ v: 1 })
    vi.advanceTimersByTime(1)
    expect(StorageController.getCache(kind, '0xabc')).toBeUndefined()
  })

  it('keys caches by address: EVM case-insensitive, base58 exact', () => {
    StorageController.setCache('names', '0xAbC', 'alice.eth')
    StorageController.setCache('names', 'So1AbC', 'bob.sol')
    expect(StorageController.getCache('names', '0xABC')).toBe('alice.eth')
    expect(StorageController.getCache('names', 'so1abc')).toBeUndefined()
    expect(StorageController.getCache('names', '0xdef')).toBeUndefined()
  })

  it('stores auth token, email, social username, last-used chain, login flag and last email login', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 })
    StorageController.setAuthToken('jwt')
    StorageController.setEmail('a@b.c')
    StorageController.setSocialUsername('alice')
    StorageController.setLastUsedChain('solana')
    StorageController.setLoginUsed(true)
    StorageController.setLastEmailLoginTime()
    expect(StorageController.getAuthToken()).toBe('jwt')
    expect(StorageController.getEmail()).toBe('a@b.c')
    expect(StorageController.getSocialUsername()).toBe('alice')
    expect(StorageController.getLastUsedChain()).toBe('solana')
    expect(StorageController.getLoginUsed()).toBe(true)
    expect(StorageController.getLastEmailLoginTime()).toBe(1_700_000_000_000)
    StorageController.setAuthToken(undefined)
    StorageController.setLoginUsed(false)
    expect(memory.items.has(STORAGE_KEYS.AUTH_TOKEN)).toBe(false)
    expect(StorageController.getLoginUsed()).toBe(false)
  })

  it('stores smart-account-enabled networks as a comma list', () => {
    StorageController.setSmartAccountEnabledNetworks(['eip155:1', 'eip155:10'])
    expect(memory.items.get(STORAGE_KEYS.SMART_ACCOUNT_ENABLED_NETWORKS)).toBe('eip155:1,eip155:10')
    expect(StorageController.getSmartAccountEnabledNetworks()).toEqual(['eip155:1', 'eip155:10'])
  })

  it('stores the active namespace and the active network per namespace', () => {
    StorageController.setActiveNamespace('eip155')
    StorageController.setActiveNetworkId('eip155', 'eip155:10')
    StorageController.setActiveNetworkId('solana', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(StorageController.getActiveNamespace()).toBe('eip155')
    expect(StorageController.getActiveNetworkId('eip155')).toBe('eip155:10')
    expect(StorageController.getActiveNetworkId()).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })

  it('tracks connected connectors, connected namespaces and preferred account types', () => {
    StorageController.setConnectedConnectorId('eip155', 'io.metamask')
    StorageController.setConnectedConnectorId('solana', 'phantom')
    StorageController.setPreferredAccountType('eip155', 'smartAccount')
    expect(StorageController.getConnectedConnectorIds()).toEqual({ eip155: 'io.metamask', solana: 'phantom' })
    expect(StorageController.getConnectedNamespaces()).toEqual(['eip155', 'solana'])
    expect(StorageController.getPreferredAccountTypes()).toEqual({ eip155: 'smartAccount' })
    StorageController.removeConnectedConnectorId('solana')
    expect(StorageController.getConnectedNamespaces()).toEqual(['eip155'])
  })

  it('restores only connectors that connected and were not disconnected', () => {
    StorageController.setConnectedConnectorId('eip155', 'io.metamask')
    StorageController.setConnectedConnectorId('solana', 'phantom')
    StorageController.addDisconnectedConnectorId('solana', 'phantom')
    StorageController.addDisconnectedConnectorId('bip122', 'xverse') // never connected
    expect(StorageController.getConnectorsToRestore()).toEqual([{ namespace: 'eip155', connectorId: 'io.metamask' }])
  })

  it('connecting again clears the disconnected mark', () => {
    StorageController.addDisconnectedConnectorId('eip155', 'io.metamask')
    StorageController.setConnectedConnectorId('eip155', 'io.metamask')
    expect(StorageController.getDisconnectedConnectorIds()).toEqual({ eip155: [] })
    expect(StorageController.getConnectorsToRestore()).toEqual([{ namespace: 'eip155', connectorId: 'io.metamask' }])
  })

  describe('with a storage that throws (quota, private mode)', () => {
    beforeEach(() => StorageController.setStorage(new ThrowingStorage()))

    it('logs and ignores every failure', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      expect(() => {
        StorageController.setConnectedWallet({ id: 'x', name: 'X' })
        StorageController.addRecentWallet({ id: 'x', name: 'X' })
        StorageController.setCache('portfolio', '0x1', 1)
        StorageController.setConnectedConnectorId('eip155', 'x')
        StorageController.removeConnectedConnectorId('eip155')
        StorageController.clearConnectedWallet()
      }).not.toThrow()
      expect(warn).toHaveBeenCalled()
      expect(warn.mock.calls[0]?.[0]).toMatch(/^Portico: storage (read|write) of @portico\/\w+ failed, continuing without it$/)
      expect(StorageController.state.lastError).toMatch(/operation is insecure|quota has been exceeded/)
    })

    it('reads return nothing', () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      expect(StorageController.getConnectedWallet()).toBeUndefined()
      expect(StorageController.getRecentWallets()).toEqual([])
      expect(StorageController.getCache('names', '0x1')).toBeUndefined()
      expect(StorageController.getConnectorsToRestore()).toEqual([])
      expect(StorageController.getSmartAccountEnabledNetworks()).toEqual([])
    })

    it('a quota error on write leaves reads working', () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      const quotaFull = memoryStorage()
      quotaFull.setItem(STORAGE_KEYS.WALLET_ID, 'kept')
      quotaFull.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
      StorageController.setStorage(quotaFull)
      StorageController.setItem(STORAGE_KEYS.WALLET_ID, 'new')
      expect(StorageController.getItem(STORAGE_KEYS.WALLET_ID)).toBe('kept')
      expect(StorageController.state.lastError).toBe(`write of ${STORAGE_KEYS.WALLET_ID}: The quota has been exceeded.`)
    })
  })

  it('works without any storage (no localStorage in this runtime)', () => {
    StorageController.setStorage(undefined)
    expect(() => StorageController.addRecentWallet({ id: 'a', name: 'A' })).not.toThrow()
    expect(StorageController.getRecentWallets()).toEqual([])
  })

  it('a localStorage getter that throws (sandboxed frame) is logged and ignored', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    StorageController.setStorage(undefined)
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError')
      },
    })
    try {
      expect(StorageController.getEmail()).toBeUndefined()
      expect(warn).toHaveBeenCalledTimes(1)
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor)
      else delete (globalThis as { localStorage?: unknown }).localStorage
    }
  })
})
