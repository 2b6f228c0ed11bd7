import type { ConnectionResult } from '../../src/connectors/Connector'
import type { Connection } from '../../src/controllers/ConnectionController'
import { createChainController } from '../../src/controllers/ChainController'
import { type ConnectorInfo, createConnectorController } from '../../src/controllers/ConnectorController'

import { createStorageController } from '../../src/controllers/StorageController'
import type { Namespace, Network } from '../../src/networks/Network'
import { type MemoryStorage, memoryStorage } from './memoryStorage'
import { scriptedConnector } from './scriptedConnector'
import { testStore, resetAllStores } from './testStores'

const ChainController = testStore(createChainController)
const ConnectorController = testStore(createConnectorController)
const StorageController = testStore(createStorageController)

/**
 * Wallets that answer like the connectors layer would: every call lands in `calls`; `hold`
 * keeps a connect waiting, `failNext` makes the WalletConnect pairing fail.
 */
export class LocalWallets {
  calls: string[] = []
  pairings = 0
  failNext = false
  hold: Promise<void> | undefined
  result = (namespace: Namespace, ...accounts: string[]): ConnectionResult => ({ accounts, chainId: 'eip155:1', namespace })
  external(id: string, ...accounts: string[]) {
    return scriptedConnector({
      id, type: 'announced', calls: this.calls,
      connect: async ({ namespace }) => (await this.hold, this.result(namespace, ...accounts)),
      reconnect: async ({ namespace }) => (await this.hold, this.result(namespace, ...accounts)),
    })
  }
  walletConnect() {
    const connector = scriptedConnector({
      id: 'walletConnect', type: 'walletConnect', calls: this.calls,
      // Like the real connector: with `reusePairing` it shows its last pairing again.
      connect: async ({ namespace, reusePairing }) => {
        if (!reusePairing || this.pairings === 0) this.pairings++
        connector.emit('displayUri', `wc:pairing-${this.pairings}@2?relay-protocol=irn`)
        await this.hold
        if (this.failNext) throw new Error('relay unreachable')
        return this.result(namespace, '0xwc')
      },
    })
    return connector
  }
}


export const mainnet: Network = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
export const connector = (id: string, type: ConnectorInfo['type']): ConnectorInfo => ({ id, type, name: id, chain: 'eip155', chains: [mainnet] })
export const metamask: Connection = { connectorId: 'io.metamask', accounts: [{ address: '0xAAA' }, { address: '0xBBB' }] }
export const rabby: Connection = { connectorId: 'io.rabby', accounts: [{ address: '0xCCC' }] }

/**
 * Fresh stores for a `ConnectionController` test: memory storage, the local Ethereum network, two
 * announced wallets (`io.metamask` with two accounts, `io.rabby`), WalletConnect and the auth connector.
 */
export function setUpConnectionStores(): { client: LocalWallets; storage: MemoryStorage } {
  resetAllStores()
  const storage = memoryStorage()
  StorageController.setStorage(storage)
  const client = new LocalWallets()
  ChainController.setNetworks([mainnet])
  ConnectorController.register(client.external('io.metamask', '0xAAA', '0xBBB'))
  ConnectorController.register(client.external('io.rabby', '0xCCC'))
  ConnectorController.register(client.walletConnect())
  ConnectorController.addConnector(connector('auth', 'auth'))
  return { client, storage }
}
