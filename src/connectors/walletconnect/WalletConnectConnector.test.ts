import { afterEach, describe, expect, it } from 'vitest'
import { createChainController } from '../../controllers/ChainController'
import { createConnectorController } from '../../controllers/ConnectorController'
import type { Network } from '../../networks/Network'
import { createOptionsController } from '../../controllers/OptionsController'
import { walletConnect } from './walletConnect'
import { connectorContext } from '../../controllers/connection/connectorContext'
import { testStore, running } from '../../../tests/support/testStores'

const ChainController = testStore(createChainController)
const ConnectorController = testStore(createConnectorController)
const OptionsController = testStore(createOptionsController)

afterEach(() => {
  OptionsController.reset()
  ChainController.reset()
  ConnectorController.reset()
})

describe('walletConnect()', () => {
  it('refuses a relay URL that is not ws:// or wss://, naming it', () => {
    expect(() => walletConnect({ relayUrl: 'http://127.0.0.1:4444' })).toThrow(`WalletConnect's relayUrl must be a ws:// or wss:// URL, got "http://127.0.0.1:4444"`)
  })

  it('registers as the walletConnect type with nothing loaded, and says so when no projectId is known', async () => {
    const connector = walletConnect({ relayUrl: 'ws://127.0.0.1:1' })
    expect(connector).toMatchObject({ id: 'walletConnect', type: 'walletConnect', name: 'WalletConnect', namespaces: ['eip155', 'solana', 'bip122'] })
    expect(connector.getProvider('eip155')).toBeUndefined()
    await expect(connector.connect({ namespace: 'eip155', context: connectorContext(running) })).rejects.toThrow('WalletConnect needs a projectId (in walletConnect({ projectId }) or createPortico({ projectId }))')
  })
})

describe('namespaces', () => {
  const solanaLocal: Network = {
    id: '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ', caipNetworkId: 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ', chainNamespace: 'solana', name: 'Solana Local',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  }
  const local: Network = {
    id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  }

  it('can serve every family WalletConnect knows, and is listed in those the app has networks in', () => {
    const connector = walletConnect({ relayUrl: 'ws://127.0.0.1:1' })
    expect(connector.namespaces).toEqual(['eip155', 'solana', 'bip122'])
    expect(walletConnect({ relayUrl: 'ws://127.0.0.1:1', networks: [local] }).namespaces).toEqual(['eip155'])
    ChainController.setNetworks([solanaLocal])
    const stop = ConnectorController.register(connector)
    expect(ConnectorController.state.connectors.filter((c) => c.id === 'walletConnect').map((c) => c.chain)).toEqual(['solana'])
    stop()
    ChainController.setNetworks([local, solanaLocal])
    const again = ConnectorController.register(connector)
    expect(ConnectorController.state.connectors.filter((c) => c.id === 'walletConnect').map((c) => c.chain)).toEqual(['eip155', 'solana'])
    again()
    expect(connector.getProvider('solana')).toBeUndefined()
  })
})

describe('a relay that does not answer', () => {
  it('fails the connect in words instead of leaving the QR view spinning', async () => {
    const connector = walletConnect({ projectId: 'portico-test', relayUrl: 'ws://127.0.0.1:9', storagePrefix: `dead-relay-${Date.now()}` })
    const started = Date.now()
    await expect(connector.connect({ namespace: 'eip155', context: connectorContext(running) })).rejects.toThrow('Could not reach the WalletConnect relay')
    expect(Date.now() - started).toBeLessThan(25_000)
  }, 40_000)
})
