import { beforeEach, describe, expect, it } from 'vitest'
import { scriptedConnector } from '../../tests/support/scriptedConnector'
import { createAccountController } from './AccountController'
import { createConnectionController } from './ConnectionController'
import { createConnectorController } from './ConnectorController'
import { createEventsController } from './EventsController'
import { createStorageController } from './StorageController'
import type { Namespace } from '../networks/Network'
import { type LocalWallets, setUpConnectionStores, connector, metamask, rabby } from '../../tests/support/connectionWallets'
import type { MemoryStorage } from '../../tests/support/memoryStorage'
import { testStore } from '../../tests/support/testStores'

const AccountController = testStore(createAccountController)
const ConnectionController = testStore(createConnectionController)
const ConnectorController = testStore(createConnectorController)
const EventsController = testStore(createEventsController)
const StorageController = testStore(createStorageController)

let client: LocalWallets
let storage: MemoryStorage

beforeEach(() => ({ client, storage } = setUpConnectionStores()))

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
    const connecting = ConnectionController.connect(connector('io.rabby', 'announced'))
    expect(ConnectionController.get('eip155').status).toBe('connecting')
    release()
    await connecting
    expect(ConnectionController.get('eip155').status).toBe('connected')
    expect(AccountController.getAccount('eip155')?.address).toBe('0xCCC')
  })

  it("a newer connect aborts the older one ('Modal closed'), which leaves the status to it", async () => {
    let answer!: () => void
    const asking = new Promise<void>((resolve) => (answer = resolve))
    ConnectorController.register(scriptedConnector({ id: 'io.metamask', connect: async ({ namespace }) => (await asking, client.result(namespace, '0xAAA')) }))
    const older = ConnectionController.connect(connector('io.rabby', 'announced')).catch((error: unknown) => error)
    const newer = ConnectionController.connect(connector('io.metamask', 'announced'))
    expect(await older).toMatchObject({ shortMessage: 'Modal closed' })
    expect(ConnectionController.get('eip155').status).toBe('connecting') // the newer one is still asking
    answer()
    await newer
    expect(ConnectionController.get('eip155').status).toBe('connected')
    expect(ConnectorController.getActiveConnector('eip155')?.id).toBe('io.metamask')
    expect(ConnectionController.get('eip155').connections.map((c) => c.connectorId)).toEqual(['io.metamask'])
  })

  it('a failed external connection falls back to disconnected and rethrows', async () => {
    ConnectorController.register(scriptedConnector({ id: 'io.rabby', connect: () => Promise.reject(new Error('User rejected the request.')) }))
    await expect(ConnectionController.connect(connector('io.rabby', 'announced'))).rejects.toThrow('User rejected the request.')
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
