import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { scriptedConnector } from '../../../tests/support/scriptedConnector'
import { memoryStorage } from '../../../tests/support/memoryStorage'
import type { Network } from '../../networks/Network'
import { createChainController } from '../ChainController'
import { createConnectionController } from '../ConnectionController'
import { createConnectorController } from '../ConnectorController'
import { createStorageController } from '../StorageController'
import { createStores } from '../stores'
import { PAIRING_TTL_MS } from '../WalletConnectPairing'
import { testStore, resetAllStores } from '../../../tests/support/testStores'

const StorageController = testStore(createStorageController)

const mainnet: Network = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}

/** A WalletConnect wallet that shows a new URI per attempt and answers only when told (or when aborted). */
function waitingWallet() {
  let pairings = 0
  const answers: Array<(error?: Error) => void> = []
  const connector = scriptedConnector({
    id: 'walletConnect',
    type: 'walletConnect',
    connect: ({ namespace, signal }) => {
      connector.emit('displayUri', `wc:pairing-${++pairings}@2?relay-protocol=irn`)
      return new Promise((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new Error('superseded')))
        answers.push((error) => (error ? reject(error) : resolve({ accounts: ['0xwc'], chainId: 'eip155:1', namespace })))
      })
    },
  })
  return { connector, answers, pairings: () => pairings }
}

let wallet: ReturnType<typeof waitingWallet>
let ConnectionController: ReturnType<typeof createConnectionController>

beforeEach(() => {
  resetAllStores()
  StorageController.setStorage(memoryStorage())
  // A fresh Portico's stores for each test.
  const stores = createStores()
  ConnectionController = stores.get(createConnectionController)
  stores.get(createChainController).setNetworks([mainnet])
  wallet = waitingWallet()
  stores.get(createConnectorController).register(wallet.connector)
})
afterEach(() => vi.useRealTimers())

describe('connection/pairing: the shown pairing', () => {
  it('replaces the URI once within 10 s of its expiry, and the dropped attempt reports no failure', async () => {
    vi.useFakeTimers()
    const stop = ConnectionController.showPairing()
    await vi.advanceTimersByTimeAsync(0)
    expect(ConnectionController.state.wcUri).toBe('wc:pairing-1@2?relay-protocol=irn')
    await vi.advanceTimersByTimeAsync(PAIRING_TTL_MS - 11_000)
    expect(wallet.pairings()).toBe(1)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(wallet.pairings()).toBe(2)
    expect(ConnectionController.state.wcUri).toBe('wc:pairing-2@2?relay-protocol=irn')
    expect(ConnectionController.state.wcError).toBe(false)
    stop()
    await vi.advanceTimersByTimeAsync(PAIRING_TTL_MS)
    expect(wallet.pairings()).toBe(2)
  })

  it('a refusal shows with its words; no renewal while it shows; Try again pairs anew', async () => {
    vi.useFakeTimers()
    const stop = ConnectionController.showPairing()
    await vi.advanceTimersByTimeAsync(0)
    wallet.answers[0]!(new Error('Connection rejected\ndetails'))
    await vi.advanceTimersByTimeAsync(0)
    expect(ConnectionController.state).toMatchObject({ wcError: true, wcErrorMessage: 'Connection rejected\ndetails' })
    await vi.advanceTimersByTimeAsync(PAIRING_TTL_MS)
    expect(wallet.pairings()).toBe(1)
    expect(ConnectionController.retryWalletConnect()).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(wallet.pairings()).toBe(2)
    expect(ConnectionController.state).toMatchObject({ wcError: false, wcErrorMessage: undefined, wcUri: 'wc:pairing-2@2?relay-protocol=irn' })
    stop()
  })
})
