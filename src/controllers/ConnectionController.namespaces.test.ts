import { beforeEach, describe, expect, it } from 'vitest'
import { scriptedConnector } from '../../tests/support/scriptedConnector'
import { createAccountController } from './AccountController'
import { createChainController } from './ChainController'
import { createConnectionController } from './ConnectionController'
import { createConnectorController } from './ConnectorController'
import { createStorageController } from './StorageController'
import type { Namespace, Network } from '../networks/Network'
import { type LocalWallets, setUpConnectionStores, mainnet } from '../../tests/support/connectionWallets'
import { testStore } from '../../tests/support/testStores'

const AccountController = testStore(createAccountController)
const ChainController = testStore(createChainController)
const ConnectionController = testStore(createConnectionController)
const ConnectorController = testStore(createConnectorController)
const StorageController = testStore(createStorageController)

let client: LocalWallets

beforeEach(() => ({ client } = setUpConnectionStores()))

describe('ConnectionController: one connection over two namespaces (a WalletConnect session)', () => {
  const solanaLocal: Network = {
    id: '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ', caipNetworkId: 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ', chainNamespace: 'solana', name: 'Solana Local',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  }
  const SOLANA_ADDRESS = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'

  /** A session that holds both namespaces until it is disconnected (then neither has a provider). */
  function sessionWallet() {
    let live = false
    const wallet = scriptedConnector({
      id: 'wc-both', type: 'walletConnect', namespaces: ['eip155', 'solana'], calls: client.calls,
      connect: async ({ namespace }) => {
        live = true
        return { accounts: ['0xwc'], chainId: 'eip155:1', namespace, alsoConnected: [{ accounts: [SOLANA_ADDRESS], chainId: solanaLocal.caipNetworkId, namespace: 'solana' }] }
      },
    })
    return Object.assign(wallet, {
      getProvider: (<N extends Namespace>() => (live ? ({} as never) : undefined)) as typeof wallet.getProvider,
      disconnect: async () => void (live = false),
    })
  }

  beforeEach(() => ChainController.setNetworks([mainnet, solanaLocal]))

  it('records every namespace the approval connected; the one asked for stays in use; both are remembered', async () => {
    const wallet = sessionWallet()
    ConnectorController.register(wallet)
    await ConnectionController.connect(ConnectorController.getConnector('wc-both', 'eip155')!, { namespace: 'eip155' })
    expect(AccountController.getAccount('eip155')?.address).toBe('0xwc')
    expect(AccountController.getAccount('solana')?.address).toBe(SOLANA_ADDRESS)
    expect(ConnectionController.getActiveConnection('solana')?.caipNetworkId).toBe(solanaLocal.caipNetworkId)
    expect(ChainController.state.activeNamespace).toBe('eip155')
    expect(StorageController.getConnectedConnectorIds()).toEqual({ eip155: 'wc-both', solana: 'wc-both' })

    // Account events name their namespace: eip155's do not touch the Solana account.
    wallet.emit('accountsChanged', ['0xnext'], 'eip155')
    expect(AccountController.getAccount('eip155')?.address).toBe('0xnext')
    expect(AccountController.getAccount('solana')?.address).toBe(SOLANA_ADDRESS)
    // A chain of one namespace moves only that namespace's connection.
    wallet.emit('chainChanged', 'eip155:1')
    expect(ConnectionController.getActiveConnection('solana')?.caipNetworkId).toBe(solanaLocal.caipNetworkId)
  })

  it('disconnecting ends the session: the other namespace it served goes too', async () => {
    const wallet = sessionWallet()
    ConnectorController.register(wallet)
    await ConnectionController.connect(ConnectorController.getConnector('wc-both', 'eip155')!, { namespace: 'eip155' })
    await ConnectionController.disconnect('eip155')
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
    expect(ConnectionController.get('solana').status).toBe('disconnected')
    expect(AccountController.getAccount('solana')).toBeUndefined()
    expect(StorageController.getConnectedConnectorIds()).toEqual({})
  })

  it('the wallet ending the session removes both namespaces', async () => {
    const wallet = sessionWallet()
    ConnectorController.register(wallet)
    await ConnectionController.connect(ConnectorController.getConnector('wc-both', 'eip155')!, { namespace: 'eip155' })
    wallet.emit('disconnect')
    expect(ConnectionController.get('eip155').connections).toEqual([])
    expect(ConnectionController.get('solana').connections).toEqual([])
  })
})
