import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AccountController, type AccountType } from './AccountController'
import { ChainController } from './ChainController'
import type { Namespace, Network } from './Network'
import { type Connection, type ConnectionClient, ConnectionController } from './ConnectionController'
import { NoConnectorError } from './ConnectionErrors'
import { type Connector, ConnectorController } from './ConnectorController'
import { EventsController } from './EventsController'
import { OptionsController } from './OptionsController'
import { type MemoryStorage, memoryStorage } from '../../tests/support/memoryStorage'
import { StorageController, type StorageLike } from './StorageController'

/** A local client that behaves like the connectors layer: it records calls and reports back. */
class LocalClient implements ConnectionClient {
  calls: string[] = []
  pairings = 0
  failNext = false
  hold: Promise<void> | undefined
  async connectWalletConnect() {
    this.calls.push('walletConnect')
    await this.hold
    if (this.failNext) throw new Error('relay unreachable')
    ConnectionController.setWcUri(`wc:pairing-${++this.pairings}@2?relay-protocol=irn`)
  }
  async connectExternal(connector: Connector, options: { namespace: Namespace; address?: string | undefined }) {
    this.calls.push(`external:${connector.id}:${options.address ?? '-'}`)
    await this.hold
    ConnectionController.setConnected(options.namespace, { connectorId: connector.id, accounts: [{ address: options.address ?? '0xdef' }] })
  }
  async connectEmail(options: { email?: string | undefined }) {
    this.calls.push(`email:${options.email}`)
  }
  async connectSocial(options: { provider: string }) {
    this.calls.push(`social:${options.provider}`)
  }
  async disconnect(connector: Connector) {
    this.calls.push(`disconnect:${connector.id}`)
  }
  async setPreferredAccountType(type: AccountType, namespace: Namespace) {
    this.calls.push(`accountType:${type}`)
    const account = AccountController.getAccount(namespace)
    if (account) AccountController.setAccount({ ...account, type })
  }
}

const mainnet: Network = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const connector = (id: string, type: Connector['type']): Connector => ({ id, type, name: id, chain: 'eip155', chains: [mainnet] })
const metamask: Connection = { connectorId: 'io.metamask', accounts: [{ address: '0xAAA' }, { address: '0xBBB' }] }
const rabby: Connection = { connectorId: 'io.rabby', accounts: [{ address: '0xCCC' }] }

let client: LocalClient
let storage: MemoryStorage

beforeEach(() => {
  for (const c of [ConnectionController, ConnectorController, AccountController, ChainController, EventsController, OptionsController, StorageController]) c.reset()
  storage = memoryStorage()
  StorageController.setStorage(storage)
  client = new LocalClient()
  ConnectionController.setClient(client)
  ChainController.setNetworks([mainnet])
  ConnectorController.setConnectors([connector('io.metamask', 'announced'), connector('io.rabby', 'announced'), connector('walletConnect', 'walletConnect'), connector('auth', 'auth')])
})
afterEach(() => vi.useRealTimers())

describe('ConnectionController: connections', () => {
  it('keeps one connection per connector, ids compared case-insensitively', () => {
    ConnectionController.addConnection('eip155', metamask)
    ConnectionController.addConnection('eip155', { connectorId: 'IO.MetaMask', accounts: [{ address: '0x111' }] })
    expect(ConnectionController.get('eip155').connections).toEqual([{ connectorId: 'IO.MetaMask', accounts: [{ address: '0x111' }] }])
  })

  it('a successful connection sets the account, the connector in use, the status and storage', () => {
    EventsController.markModalOpened()
    ConnectionController.setConnected('eip155', metamask, { id: 'io.metamask', name: 'MetaMask' })
    expect(AccountController.getAccount('eip155')).toEqual({ namespace: 'eip155', address: '0xAAA', type: 'eoa' })
    expect(ConnectorController.getActiveConnector('eip155')?.id).toBe('io.metamask')
    expect(ConnectionController.get('eip155').status).toBe('connected')
    expect(StorageController.getConnectedConnectorIds()).toEqual({ eip155: 'io.metamask' })
    expect(StorageController.getConnectedWallet()).toEqual({ id: 'io.metamask', name: 'MetaMask' })
    expect(EventsController.state.last?.event).toBe('CONNECT_SUCCESS')
  })

  it('accounts changed updates the connection and the account in use', () => {
    ConnectionController.setConnected('eip155', metamask)
    ConnectionController.updateAccounts('eip155', 'IO.METAMASK', [{ address: '0xBBB' }])
    expect(ConnectionController.get('eip155').connections[0]?.accounts).toEqual([{ address: '0xBBB' }])
    expect(AccountController.getAccount('eip155')?.address).toBe('0xBBB')
  })

  it('accounts changed to none disconnects the connector', () => {
    ConnectionController.setConnected('eip155', metamask)
    ConnectionController.updateAccounts('eip155', 'io.metamask', [])
    expect(ConnectionController.get('eip155').connections).toEqual([])
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
  })

  it('disconnect removes the connection, keeps it as recent, and emits disconnect when none remain', () => {
    const heard: Namespace[] = []
    ConnectionController.onDisconnect((namespace) => heard.push(namespace))
    ConnectionController.setConnected('eip155', metamask)
    ConnectionController.addConnection('eip155', rabby)

    ConnectionController.removeConnection('eip155', 'io.rabby')
    expect(heard).toEqual([])
    expect(ConnectionController.get('eip155').status).toBe('connected')

    ConnectionController.removeConnection('eip155', 'io.metamask')
    expect(heard).toEqual(['eip155'])
    const s = ConnectionController.get('eip155')
    expect(s.connections).toEqual([])
    expect(s.status).toBe('disconnected')
    expect(s.recentConnections.map((c) => c.connectorId)).toEqual(['io.metamask', 'io.rabby'])
    expect(AccountController.isConnected('eip155')).toBe(false)
    expect(StorageController.getConnections('eip155').map((c) => c.connectorId)).toEqual(['io.metamask', 'io.rabby'])
    expect(StorageController.getConnectorsToRestore()).toEqual([])
  })

  it('when the connection in use is removed, the next live one takes over', () => {
    ConnectionController.setConnected('eip155', metamask)
    ConnectionController.addConnection('eip155', rabby)
    EventsController.markModalOpened()
    ConnectionController.removeConnection('eip155', 'io.metamask')
    expect(ConnectorController.getActiveConnector('eip155')?.id).toBe('io.rabby')
    expect(AccountController.getAccount('eip155')?.address).toBe('0xCCC')
    expect(StorageController.getConnectedConnectorIds()).toEqual({ eip155: 'io.rabby' })
    expect(EventsController.state.last).toBeUndefined() // a takeover is not a new connection
  })

  it('connector status: connected (in use), active (live), disconnected (recent)', () => {
    ConnectionController.setConnected('eip155', metamask)
    ConnectionController.addConnection('eip155', rabby)
    ConnectionController.removeConnection('eip155', 'io.rabby')
    ConnectionController.addConnection('eip155', { connectorId: 'walletConnect', accounts: [] })
    ConnectionController.removeConnection('eip155', 'walletConnect')
    ConnectionController.addConnection('eip155', rabby)
    expect(ConnectionController.getConnectorStatus(metamask, 'eip155')).toBe('connected')
    expect(ConnectionController.getConnectorStatus(rabby, 'eip155')).toBe('active')
    expect(ConnectionController.getConnectorStatus({ connectorId: 'walletconnect', accounts: [] }, 'eip155')).toBe('disconnected')
    expect(ConnectionController.getConnectorStatus(metamask, 'solana')).toBeUndefined()
  })

  it('reloads recent connections remembered from an earlier visit', () => {
    StorageController.setConnections('eip155', [rabby])
    ConnectionController.loadRecentConnections('eip155')
    expect(ConnectionController.get('eip155').recentConnections).toEqual([rabby])
  })

  it('connecting an external wallet shows connecting, then connected', async () => {
    let release!: () => void
    client.hold = new Promise((resolve) => (release = resolve))
    const connecting = ConnectionController.connectExternal(connector('io.rabby', 'announced'))
    expect(ConnectionController.get('eip155').status).toBe('connecting')
    release()
    await connecting
    expect(ConnectionController.get('eip155').status).toBe('connected')
    expect(AccountController.getAccount('eip155')?.address).toBe('0xdef')
  })

  it('a failed external connection falls back to disconnected and rethrows', async () => {
    client.connectExternal = async () => {
      throw new Error('User rejected the request.')
    }
    await expect(ConnectionController.connectExternal(connector('io.rabby', 'announced'))).rejects.toThrow('User rejected the request.')
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
  })

  it('disconnect ends the session in use and removes its connection', async () => {
    ConnectionController.setConnected('eip155', metamask)
    await ConnectionController.disconnect()
    expect(client.calls).toEqual(['disconnect:io.metamask'])
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
    expect(AccountController.isConnected()).toBe(false)
  })

  it('holds the buffering and error flags', () => {
    ConnectionController.setBuffering(true)
    ConnectionController.setWcError(true)
    expect(ConnectionController.state).toMatchObject({ buffering: true, wcError: true })
  })
})

describe('ConnectionController: switching', () => {
  it('an active connection reconnects with the chosen address', async () => {
    ConnectionController.setConnected('eip155', metamask)
    ConnectionController.addConnection('eip155', rabby)
    await ConnectionController.switchConnection({ connection: rabby, namespace: 'eip155' })
    expect(client.calls).toEqual(['external:io.rabby:0xCCC'])
    expect(ConnectorController.getActiveConnector('eip155')?.id).toBe('io.rabby')
  })

  it('the connected connection reconnects too, with another of its addresses', async () => {
    ConnectionController.setConnected('eip155', metamask)
    await ConnectionController.switchConnection({ connection: metamask, namespace: 'eip155', address: '0xBBB' })
    expect(client.calls).toEqual(['external:io.metamask:0xBBB'])
    expect(AccountController.getAccount('eip155')?.address).toBe('0xBBB')
  })

  const auth: Connection = { connectorId: 'auth', accounts: [{ address: '0xE0A', type: 'eoa' }], auth: { name: 'email' } }

  it('auth wallet: eoa switches to the smart account when smart accounts are enabled', async () => {
    StorageController.setSmartAccountEnabledNetworks(['eip155:1'])
    ConnectionController.setConnected('eip155', auth)
    await ConnectionController.switchConnection({ connection: auth, namespace: 'eip155' })
    expect(client.calls).toEqual(['accountType:smartAccount'])
    expect(StorageController.getPreferredAccountTypes()).toEqual({ eip155: 'smartAccount' })
  })

  it('auth wallet: no smart-account switch when smart accounts are not enabled on the network', async () => {
    StorageController.setSmartAccountEnabledNetworks(['eip155:10'])
    ConnectionController.setConnected('eip155', auth)
    await ConnectionController.switchConnection({ connection: auth, namespace: 'eip155' })
    expect(client.calls).toEqual([])
  })

  it('auth wallet: a smart account switches back to eoa', async () => {
    StorageController.setSmartAccountEnabledNetworks(['eip155:1'])
    ConnectionController.setConnected('eip155', { ...auth, accounts: [{ address: '0x5A', type: 'smartAccount' }] })
    await ConnectionController.switchConnection({ connection: auth, namespace: 'eip155' })
    expect(client.calls).toEqual(['accountType:eoa'])
  })

  it.each([
    [{ connectorId: 'auth', accounts: [], auth: { name: 'Email' } }, 'email:a@b.c'],
    [{ connectorId: 'auth', accounts: [], auth: { name: 'google' } }, 'social:google'],
    [{ connectorId: 'walletConnect', accounts: [] }, 'walletConnect'],
    [{ connectorId: 'io.rabby', accounts: [{ address: '0xCCC' }] }, 'external:io.rabby:0xCCC'],
  ] as [Connection, string][])('a disconnected connection reconnects: %j → %s', async (connection, call) => {
    StorageController.setEmail('a@b.c')
    ConnectionController.state.byNamespace.eip155 = { connections: [], recentConnections: [connection], status: 'disconnected' }
    await ConnectionController.switchConnection({ connection, namespace: 'eip155' })
    expect(client.calls).toEqual([call])
  })

  it('an unknown connection throws', async () => {
    await expect(ConnectionController.switchConnection({ connection: rabby, namespace: 'eip155' })).rejects.toThrow('Invalid connection status: unknown')
  })

  it("a connection whose connector is gone throws 'No connector found for connection: {id}'", async () => {
    const gone: Connection = { connectorId: 'io.gone', accounts: [{ address: '0x1' }] }
    ConnectionController.addConnection('eip155', gone)
    const error = await ConnectionController.switchConnection({ connection: gone, namespace: 'eip155' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NoConnectorError)
    expect((error as NoConnectorError).shortMessage).toBe('No connector found for connection: io.gone')
  })
})

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
    expect(client.calls).toEqual(['walletConnect'])
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
    expect(client.calls.filter((c) => c === 'walletConnect')).toHaveLength(2)
  })

  it('connecting without a registered client fails with a clear message', async () => {
    ConnectionController.setClient(undefined)
    await expect(ConnectionController.connectWalletConnect({ reusePairing: false })).rejects.toThrow('No connection client registered')
  })
})

describe('ConnectionController: restore', () => {
  it('restores only connectors that connected and were not disconnected', async () => {
    StorageController.setConnectedConnectorId('eip155', 'io.metamask')
    StorageController.setConnectedConnectorId('solana', 'phantom')
    StorageController.addDisconnectedConnectorId('solana', 'phantom')
    ConnectorController.addConnector({ id: 'phantom', type: 'announced', name: 'Phantom', chain: 'solana', chains: [] })
    expect(await ConnectionController.restore()).toEqual(['io.metamask'])
    expect(client.calls).toEqual(['external:io.metamask:-'])
  })

  it('shows connecting while restoring, connected after', async () => {
    StorageController.setConnectedConnectorId('eip155', 'io.metamask')
    let release!: () => void
    client.hold = new Promise((resolve) => (release = resolve))
    const restoring = ConnectionController.restore()
    expect(ConnectionController.get('eip155').status).toBe('connecting')
    release()
    await restoring
    expect(ConnectionController.get('eip155').status).toBe('connected')
  })
})
