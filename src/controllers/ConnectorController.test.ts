import { beforeEach, describe, expect, it } from 'vitest'
import { type Connector, ConnectorController, WALLET_GROUP_ORDER, orderWalletGroups } from './ConnectorController'

const make = (id: string, type: Connector['type'], chain: Connector['chain'] = 'eip155'): Connector => ({ id, type, name: id, chain, chains: [], imageId: `${id}-icon` })

beforeEach(() => ConnectorController.reset())

describe('ConnectorController', () => {
  it('wallet-list order: walletConnect, recent, injected, featured, custom, external, recommended', () => {
    expect(WALLET_GROUP_ORDER).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
    const w = (id: string) => ({ id })
    const ordered = orderWalletGroups({
      recommended: [w('rec'), w('dup')],
      external: [w('ext')],
      custom: [w('cus')],
      featured: [w('feat')],
      injected: [w('inj')],
      recent: [w('DUP')],
      walletConnect: [w('wc')],
    })
    expect(ordered.map((x) => x.id)).toEqual(['wc', 'DUP', 'inj', 'feat', 'cus', 'ext', 'rec'])
  })

  it('connect methods: email, social, wallet by default', () => {
    ConnectorController.addConnector(make('walletConnect', 'walletConnect'))
    expect(ConnectorController.getConnectMethodsOrder()).toEqual(['email', 'social', 'wallet'])
  })

  it.each(['injected', 'announced'] as const)('connect methods: wallet first when an %s wallet is present', (type) => {
    ConnectorController.addConnector(make('io.metamask', type))
    expect(ConnectorController.getConnectMethodsOrder()).toEqual(['wallet', 'email', 'social'])
  })

  it('connect methods: a project setting overrides both', () => {
    expect(ConnectorController.getConnectMethodsOrder(['social', 'wallet', 'email'])).toEqual(['social', 'wallet', 'email'])
    ConnectorController.addConnector(make('io.metamask', 'announced'))
    expect(ConnectorController.getConnectMethodsOrder(['email', 'wallet'])).toEqual(['email', 'wallet'])
  })

  it('keeps one connector per id and namespace, found case-insensitively', () => {
    ConnectorController.addConnector(make('io.metamask', 'injected'))
    ConnectorController.addConnector({ ...make('io.metamask', 'announced'), name: 'MetaMask' })
    ConnectorController.addConnector(make('io.metamask', 'announced', 'solana'))
    expect(ConnectorController.state.connectors).toHaveLength(2)
    expect(ConnectorController.getConnector('IO.METAMASK', 'eip155')?.name).toBe('MetaMask')
    ConnectorController.removeConnector('io.metamask', 'solana')
    expect(ConnectorController.getConnector('io.metamask', 'solana')).toBeUndefined()
  })

  it('carries id, type, name, provider, imageId, chain and chains; the provider is not proxied', () => {
    const provider = { request: async () => null }
    ConnectorController.addConnector({ ...make('auth', 'auth'), provider })
    const auth = ConnectorController.getAuthConnector()
    expect(auth).toMatchObject({ id: 'auth', type: 'auth', name: 'auth', imageId: 'auth-icon', chain: 'eip155', chains: [] })
    expect(auth?.provider).toBe(provider)
  })

  it('tracks the connector in use per namespace', () => {
    ConnectorController.setConnectors([make('io.metamask', 'announced'), make('phantom', 'announced', 'solana')])
    ConnectorController.setActiveConnector('solana', 'phantom')
    expect(ConnectorController.getActiveConnector('solana')?.id).toBe('phantom')
    expect(ConnectorController.getActiveConnector('eip155')).toBeUndefined()
  })
})
