import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createConnectionController } from './ConnectionController'
import { createConnectorController } from './ConnectorController'
import { type LocalWallets, setUpConnectionStores, connector } from '../../tests/support/connectionWallets'
import { testStore } from '../../tests/support/testStores'

const ConnectionController = testStore(createConnectionController)
const ConnectorController = testStore(createConnectorController)

let client: LocalWallets

beforeEach(() => ({ client } = setUpConnectionStores()))
afterEach(() => vi.useRealTimers())

describe('ConnectionController: WalletConnect pairing', () => {
  it('a pairing URI is valid for 4 minutes', async () => {
    vi.useFakeTimers()
    await ConnectionController.connectWalletConnect({ reusePairing: false })
    expect(ConnectionController.state.wcUri).toBe('wc:pairing-1@2?relay-protocol=irn')
    expect(ConnectionController.state.wcPairingExpiry).toBe(Date.now() + 240_000)
    vi.advanceTimersByTime(4 * 60_000 - 1)
    expect(ConnectionController.isUriExpired()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(ConnectionController.isUriExpired()).toBe(true)
  })

  it('elsewhere every attempt makes a new pairing', async () => {
    await ConnectionController.connectWalletConnect({ reusePairing: false })
    await ConnectionController.connectWalletConnect({ reusePairing: false })
    expect(client.pairings).toBe(2)
  })

  it('on iOS Safari or Telegram a pairing is reused until within 10 s of expiry', async () => {
    vi.useFakeTimers()
    await ConnectionController.connectWalletConnect({ reusePairing: true })
    vi.advanceTimersByTime(4 * 60_000 - 10_100) // 10.1 s left
    await ConnectionController.connectWalletConnect({ reusePairing: true })
    expect(client.pairings).toBe(1)
    vi.advanceTimersByTime(100) // 10 s left
    await ConnectionController.connectWalletConnect({ reusePairing: true })
    expect(client.pairings).toBe(2)
    expect(ConnectionController.state.wcUri).toBe('wc:pairing-2@2?relay-protocol=irn')
  })

  it('with 9.9 s left the pairing is renewed', async () => {
    vi.useFakeTimers()
    await ConnectionController.connectWalletConnect({ reusePairing: true })
    vi.advanceTimersByTime(4 * 60_000 - 9_900) // 9.9 s left
    await ConnectionController.connectWalletConnect({ reusePairing: true })
    expect(client.pairings).toBe(2)
  })

  it('on iOS Safari or Telegram a pairing in progress is shared', async () => {
    let release!: () => void
    client.hold = new Promise((resolve) => (release = resolve))
    const first = ConnectionController.connectWalletConnect({ reusePairing: true })
    const second = ConnectionController.connectWalletConnect({ reusePairing: true })
    release()
    await Promise.all([first, second])
    expect(client.calls).toEqual(['connect:walletConnect'])
  })

  it('a failed pairing sets the error flag and rejects', async () => {
    client.failNext = true
    await expect(ConnectionController.connectWalletConnect({ reusePairing: false })).rejects.toThrow('relay unreachable')
    expect(ConnectionController.state.wcError).toBe(true)
  })

  it('retry is allowed again after 1 s', async () => {
    vi.useFakeTimers()
    expect(ConnectionController.retryWalletConnect()).toBe(true)
    vi.advanceTimersByTime(999)
    expect(ConnectionController.retryWalletConnect()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(ConnectionController.retryWalletConnect()).toBe(true)
    await vi.runAllTimersAsync()
    expect(client.calls.filter((c) => c === 'connect:walletConnect')).toHaveLength(2)
  })

  it('connecting without a WalletConnect connector fails with a clear message', async () => {
    ConnectorController.removeConnector('walletConnect')
    await expect(ConnectionController.connectWalletConnect({ reusePairing: false })).rejects.toThrow('WalletConnect is not set up for this app yet. Use a browser wallet instead.')
  })
})
