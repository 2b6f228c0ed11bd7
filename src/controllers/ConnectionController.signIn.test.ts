import { beforeEach, describe, expect, it } from 'vitest'
import { createChainController } from './ChainController'
import { createConnectionController } from './ConnectionController'
import { createConnectorController } from './ConnectorController'
import { createModalController } from './ModalController'
import { createRouterController } from './RouterController'
import { createSiwxController } from './SiwxController'
import type { Network } from '../networks/Network'
import { type LocalWallets, setUpConnectionStores, connector, mainnet } from '../../tests/support/connectionWallets'
import { testStore } from '../../tests/support/testStores'

const ChainController = testStore(createChainController)
const ConnectionController = testStore(createConnectionController)
const ConnectorController = testStore(createConnectorController)
const ModalController = testStore(createModalController)
const RouterController = testStore(createRouterController)
const SiwxController = testStore(createSiwxController)

let client: LocalWallets

beforeEach(() => ({ client } = setUpConnectionStores()))

describe('sign-in prompts after a change', () => {
  const unreachable = {
    getNonce: () => Promise.reject(new Error('not used')),
    verify: () => Promise.reject(new Error('not used')),
    getSessions: () => Promise.reject(new Error('not used')),
    revoke: () => Promise.reject(new Error('not used')),
  }
  const optimism: Network = { ...mainnet, id: 10, caipNetworkId: 'eip155:10', name: 'OP' }
  const session = (caipAddress: string) => ({ id: caipAddress, caipAddress, message: 'm', signature: '0x1', createdAt: 1, expiresAt: null })

  async function connected() {
    ChainController.setNetworks([mainnet, optimism])
    SiwxController.configure({ backend: unreachable })
    SiwxController.state.sessions = [session('eip155:1:0xAAA')]
    const wallet = client.external('io.signer', '0xAAA', '0xBBB')
    ConnectorController.register(wallet)
    await ConnectionController.connect(connector('io.signer', 'announced'))
    expect(ModalController.state.open).toBe(false)
    return wallet
  }

  it('asks when the wallet moves to an account without a session, not when it comes back', async () => {
    const wallet = await connected()
    wallet.emit('accountsChanged', ['0xBBB'])
    expect(ModalController.state.open).toBe(true)
    expect(RouterController.state.view).toBe('SIWXSignMessage')
    ModalController.close()
    wallet.emit('accountsChanged', ['0xAAA'])
    expect(ModalController.state.open).toBe(false)
  })

  it('asks on a supported network without a session, never over an unsupported one', async () => {
    const wallet = await connected()
    wallet.emit('chainChanged', 'eip155:999')
    expect(RouterController.state.view).toBe('UnsupportedChain')
    ModalController.close()
    wallet.emit('chainChanged', 'eip155:10')
    expect(RouterController.state.view).toBe('SIWXSignMessage')
    ModalController.close()
    wallet.emit('chainChanged', 'eip155:1')
    expect(ModalController.state.open).toBe(false)
  })
})
