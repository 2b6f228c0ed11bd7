import { beforeEach, describe, expect, it } from 'vitest'
import { scriptedConnector } from '../../tests/support/scriptedConnector'
import { mainnet } from '../../tests/support/connectionWallets'
import { memoryStorage } from '../../tests/support/memoryStorage'
import { NoConnectorError } from '../errors/ConnectionErrors'
import { createAccountController } from './AccountController'
import { createChainController } from './ChainController'
import { createConnectionController } from './ConnectionController'
import { createConnectorController } from './ConnectorController'
import { createEmbeddedWalletState } from './EmbeddedWalletState'
import { createSiwxController } from './SiwxController'
import { createStorageController } from './StorageController'
import { loadConnectionController, loadedConnectionController } from './connection/loadConnectionController'
import { createStores, type Stores } from './stores'
import type { SiwxBackend } from '../siwx/SiwxBackend'
import { testStore } from '../../tests/support/testStores'

const StorageController = testStore(createStorageController)

/** A set of stores on mainnet, with a wallet that connects 0xAAA registered in it. */
function portico(): Stores {
  const stores = createStores()
  stores.get(createChainController).setNetworks([mainnet])
  stores.get(createConnectorController).register(
    scriptedConnector({ id: 'io.metamask', connect: async ({ namespace }) => ({ accounts: ['0xAAA'], chainId: 'eip155:1', namespace }) }),
  )
  return stores
}

beforeEach(() => StorageController.setStorage(memoryStorage()))

describe('ConnectionController: one per Portico', () => {
  it('a wallet connected in one set of stores is not connected, nor even registered, in another', async () => {
    const first = portico()
    const second = createStores()
    second.get(createChainController).setNetworks([mainnet])
    const info = first.get(createConnectorController).getConnector('io.metamask', 'eip155')!

    await first.get(createConnectionController).connect(info)

    expect(first.get(createAccountController).getAccount('eip155')?.address).toBe('0xAAA')
    expect(first.get(createConnectionController).get('eip155').status).toBe('connected')
    expect(second.get(createConnectorController).getInstance('io.metamask')).toBeUndefined()
    expect(second.get(createConnectionController).get('eip155')).toEqual({ connections: [], recentConnections: [], status: 'disconnected' })
    expect(second.get(createAccountController).isConnected()).toBe(false)
    // The other Portico cannot connect through a connector it never registered.
    await expect(second.get(createConnectionController).connect(info)).rejects.toBeInstanceOf(NoConnectorError)
    expect(first.get(createConnectionController).get('eip155').status).toBe('connected')
  })

  it('disconnecting in one set leaves the other connected', async () => {
    const [first, second] = [portico(), portico()]
    for (const stores of [first, second]) {
      await stores.get(createConnectionController).connect(stores.get(createConnectorController).getConnector('io.metamask', 'eip155')!)
    }
    await first.get(createConnectionController).disconnect('eip155')
    expect(first.get(createAccountController).isConnected()).toBe(false)
    expect(second.get(createAccountController).getAccount('eip155')?.address).toBe('0xAAA')
    expect(second.get(createConnectorController).state.activeConnectorIds.eip155).toBe('io.metamask')
  })

  it("resetting one set puts back its connections, connectors and login, not another's", async () => {
    const [first, second] = [portico(), portico()]
    first.get(createConnectionController).state.login = { method: 'email', email: 'ada@example.com', step: 'code' }
    second.get(createConnectionController).state.login = { method: 'email', email: 'bob@example.com', step: 'code' }
    first.reset()
    expect(first.get(createConnectionController).state.login).toBeUndefined()
    expect(first.get(createConnectorController).getInstance('io.metamask')).toBeUndefined()
    expect(second.get(createConnectionController).state.login).toEqual({ method: 'email', email: 'bob@example.com', step: 'code' })
    expect(second.get(createConnectorController).getInstance('io.metamask')).toBeDefined()
  })

  it('sign-in and the embedded wallet state are per set', () => {
    const [first, second] = [createStores(), createStores()]
    const backend = {} as SiwxBackend
    first.get(createSiwxController).configure({ required: true, backend })
    first.get(createEmbeddedWalletState).state.step = 'updatePrimary'
    expect(first.get(createSiwxController).state).toMatchObject({ enabled: true, required: true })
    expect(second.get(createSiwxController).state).toMatchObject({ enabled: false, required: false })
    expect(second.get(createEmbeddedWalletState).state.step).toBeUndefined()
  })

  it('loadConnectionController makes one connections store per set, the same one on each call', async () => {
    const [first, second] = [createStores(), createStores()]
    const loaded = await loadConnectionController(first)
    expect(await loadConnectionController(first)).toBe(loaded)
    expect(loadedConnectionController(first)).toBe(loaded)
    expect(first.get(createConnectionController)).toBe(loaded)
    const other = await loadConnectionController(second)
    expect(other).not.toBe(loaded)
    expect(other.state).not.toBe(loaded.state)
  })
})
