import { beforeEach, describe, expect, it } from 'vitest'
import { createAccountController } from './AccountController'
import { type Connection, createConnectionController } from './ConnectionController'
import { NoConnectorError } from '../errors/ConnectionErrors'
import { createConnectorController } from './ConnectorController'
import { createStorageController } from './StorageController'
import { type LocalWallets, setUpConnectionStores, connector, metamask, rabby } from '../../tests/support/connectionWallets'
import { testStore } from '../../tests/support/testStores'

const AccountController = testStore(createAccountController)
const ConnectionController = testStore(createConnectionController)
const ConnectorController = testStore(createConnectorController)
const StorageController = testStore(createStorageController)

let client: LocalWallets

beforeEach(() => ({ client } = setUpConnectionStores()))

describe('ConnectionController: switching', () => {
  it('an active connection reconnects with the chosen address', async () => {
    ConnectionController.setConnected('eip155', metamask)
    ConnectionController.addConnection('eip155', rabby)
    await ConnectionController.switchConnection({ connection: rabby, namespace: 'eip155' })
    expect(client.calls).toEqual(['connect:io.rabby'])
    expect(AccountController.getAccount('eip155')?.address).toBe('0xCCC')
    expect(ConnectorController.getActiveConnector('eip155')?.id).toBe('io.rabby')
  })

  it('the connected connection reconnects too, with another of its addresses', async () => {
    ConnectionController.setConnected('eip155', metamask)
    await ConnectionController.switchConnection({ connection: metamask, namespace: 'eip155', address: '0xBBB' })
    expect(client.calls).toEqual(['connect:io.metamask'])
    expect(AccountController.getAccount('eip155')?.address).toBe('0xBBB')
  })

  it.each([
    [{ connectorId: 'walletConnect', accounts: [] }, 'connect:walletConnect'],
    [{ connectorId: 'io.rabby', accounts: [{ address: '0xCCC' }] }, 'connect:io.rabby'],
  ] as [Connection, string][])('a disconnected connection reconnects: %j → %s', async (connection, call) => {
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


describe('ConnectionController: restore', () => {
  it('restores only connectors that connected and were not disconnected', async () => {
    StorageController.setConnectedConnectorId('eip155', 'io.metamask')
    StorageController.setConnectedConnectorId('solana', 'phantom')
    StorageController.addDisconnectedConnectorId('solana', 'phantom')
    ConnectorController.addConnector({ id: 'phantom', type: 'announced', name: 'Phantom', chain: 'solana', chains: [] })
    expect(await ConnectionController.restore()).toEqual(['io.metamask'])
    expect(client.calls).toEqual(['reconnect:io.metamask'])
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
