import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { type MemoryStorage, memoryStorage } from '../../tests/support/memoryStorage'
import { variantsOf } from '../../tests/support/variantsOf'
import { type StorageLike, createStorageController } from './StorageController'
import { STORAGE_KEYS } from './StorageKeys'
import { createStores } from './stores'

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
let StorageController: ReturnType<typeof createStorageController>

beforeEach(() => {
  StorageController = createStores().get(createStorageController)
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

  it('reads corrupt or foreign JSON as nothing', () => {
    memory.setItem(STORAGE_KEYS.CONNECTIONS, '{not json')
    expect(StorageController.getConnections('eip155')).toEqual([])
    memory.setItem(STORAGE_KEYS.CONNECTIONS, JSON.stringify({ eip155: [{ connectorId: 1 }] }))
    expect(StorageController.getConnections('eip155')).toEqual([])
  })

  it('reads stored connections as it did under zod: the same kept, the same dropped, unknown keys left out', () => {
    // The schema the first-load check replaced, as the reference.
    const zodConnections = z.record(
      z.string(),
      z.array(
        z.object({
          connectorId: z.string(),
          accounts: z.array(z.object({ address: z.string(), type: z.optional(z.enum(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'])) })),
          caipNetworkId: z.optional(z.string()),
          auth: z.optional(z.object({ name: z.optional(z.string()), username: z.optional(z.string()) })),
        }),
      ),
    )
    const stored = { eip155: [{ connectorId: 'io.metamask', accounts: [{ address: '0xA1', type: 'eoa' }], caipNetworkId: 'eip155:1', auth: { name: 'email', username: 'a@b.c' } }] }
    let count = 0
    for (const value of variantsOf(stored)) {
      const json = JSON.stringify(value)
      if (json === undefined) continue
      count++
      memory.setItem(STORAGE_KEYS.CONNECTIONS, json)
      const parsed = zodConnections.safeParse(JSON.parse(json))
      expect(StorageController.getAllConnections(), json).toStrictEqual(parsed.success ? parsed.data : {})
    }
    expect(count).toBeGreaterThan(200)
  })

  it('stores connections per namespace', () => {
    const connection = { connectorId: 'io.metamask', accounts: [{ address: '0xA1', type: 'eoa' as const }] }
    StorageController.setConnections('eip155', [connection])
    StorageController.setConnections('solana', [])
    expect(StorageController.getConnections('eip155')).toEqual([connection])
    expect(StorageController.getConnections('solana')).toEqual([])
  })

  it('tracks the connected connector of each namespace', () => {
    StorageController.setConnectedConnectorId('eip155', 'io.metamask')
    StorageController.setConnectedConnectorId('solana', 'phantom')
    expect(StorageController.getConnectedConnectorIds()).toEqual({ eip155: 'io.metamask', solana: 'phantom' })
    StorageController.removeConnectedConnectorId('solana')
    expect(StorageController.getConnectedConnectorIds()).toEqual({ eip155: 'io.metamask' })
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
        StorageController.setConnections('eip155', [{ connectorId: 'x', accounts: [] }])
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
      expect(StorageController.getConnections('eip155')).toEqual([])
      expect(StorageController.getConnectorsToRestore()).toEqual([])
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
    expect(() => StorageController.setConnections('eip155', [{ connectorId: 'a', accounts: [] }])).not.toThrow()
    expect(StorageController.getConnections('eip155')).toEqual([])
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
      expect(StorageController.getConnectedWallet()).toBeUndefined()
      expect(warn).toHaveBeenCalledTimes(1)
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor)
      else delete (globalThis as { localStorage?: unknown }).localStorage
    }
  })
})

describe('StorageController of one Portico', () => {
  it('shares nothing with another Portico: its storage and its last failure are its own', () => {
    const other = createStores().get(createStorageController)
    const otherMemory = memoryStorage()
    other.setStorage(otherMemory)
    StorageController.setStorage(new ThrowingStorage())
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    StorageController.setItem(STORAGE_KEYS.WALLET_ID, 'io.metamask')
    other.setItem(STORAGE_KEYS.WALLET_ID, 'io.rabby')
    expect(StorageController.state.lastError).toMatch(/^write of /)
    expect(other.state.lastError).toBeUndefined()
    expect(otherMemory.items.get(STORAGE_KEYS.WALLET_ID)).toBe('io.rabby')
    expect(memory.items.get(STORAGE_KEYS.WALLET_ID)).toBeUndefined()
  })
})
