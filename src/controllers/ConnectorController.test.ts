import { snapshot } from 'valtio/vanilla'
import { beforeEach, describe, expect, it } from 'vitest'
import { scriptedConnector } from '../../tests/support/scriptedConnector'
import { type ConnectorInfo, createConnectorController, WALLET_GROUP_ORDER, orderWalletGroups } from './ConnectorController'
import { createStores } from './stores'

const make = (id: string, type: ConnectorInfo['type'], chain: ConnectorInfo['chain'] = 'eip155'): ConnectorInfo => ({ id, type, name: id, chain, chains: [], imageId: `${id}-icon` })

let ConnectorController: ReturnType<typeof createConnectorController>

// A fresh Portico's stores for each test.
beforeEach(() => {
  ConnectorController = createStores().get(createConnectorController)
})

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

  it('carries id, type, name, imageId, chain and chains', () => {
    ConnectorController.addConnector(make('auth', 'auth'))
    expect(ConnectorController.getConnector('auth')).toMatchObject({ id: 'auth', type: 'auth', name: 'auth', imageId: 'auth-icon', chain: 'eip155', chains: [] })
  })

  it('a registered connector is kept as it is (not proxied) and listed once per namespace, until unregistered', () => {
    const connector = scriptedConnector({ id: 'io.example', type: 'announced', name: 'Example', rdns: 'io.example', namespaces: ['eip155', 'solana'] })
    const unregister = ConnectorController.register(connector)
    expect(ConnectorController.getInstance('IO.EXAMPLE')).toBe(connector)
    expect(ConnectorController.state.connectors.map((c) => [c.id, c.chain, c.type, c.name, c.info?.rdns])).toEqual([
      ['io.example', 'eip155', 'announced', 'Example', 'io.example'],
      ['io.example', 'solana', 'announced', 'Example', 'io.example'],
    ])
    unregister()
    expect(ConnectorController.getInstance('io.example')).toBeUndefined()
    expect(ConnectorController.state.connectors).toEqual([])
  })

  it('a source adds and removes connectors over time, and stopping it removes what it added', () => {
    let announce!: (id: string) => void
    let withdraw!: (id: string) => void
    const stop = ConnectorController.register({
      watch(registry) {
        const added = new Set<string>()
        announce = (id) => (added.add(id), registry.add(scriptedConnector({ id })))
        withdraw = (id) => (added.delete(id), registry.remove(id))
        announce('first')
        return () => added.forEach((id) => registry.remove(id))
      },
    })
    expect(ConnectorController.getInstance('first')).toBeDefined()
    announce('second')
    withdraw('first')
    expect(ConnectorController.state.connectors.map((c) => c.id)).toEqual(['second'])
    expect(ConnectorController.getInstance('first')).toBeUndefined()
    stop()
    expect(ConnectorController.state.connectors).toEqual([])
    expect(ConnectorController.getInstance('second')).toBeUndefined()
  })

  it('walletConnect: the WalletConnect record among the others, the first of its namespaces', () => {
    ConnectorController.setConnectors([make('io.metamask', 'announced'), make('wc', 'walletConnect'), make('wc', 'walletConnect', 'solana'), make('auth', 'auth')])
    expect(ConnectorController.walletConnect()).toMatchObject({ id: 'wc', type: 'walletConnect', chain: 'eip155' })
  })

  it('walletConnect: undefined when none is registered', () => {
    ConnectorController.setConnectors([make('io.metamask', 'injected'), make('auth', 'auth')])
    expect(ConnectorController.walletConnect()).toBeUndefined()
  })

  it('walletConnect: reads the snapshot it is given, not the live state', () => {
    ConnectorController.setConnectors([make('wc', 'walletConnect')])
    const before = snapshot(ConnectorController.state)
    ConnectorController.removeConnector('wc')
    expect(ConnectorController.walletConnect()).toBeUndefined()
    expect(ConnectorController.walletConnect(before)?.id).toBe('wc')
    expect(ConnectorController.walletConnect(snapshot(ConnectorController.state))).toBeUndefined()
  })

  it('tracks the connector in use per namespace', () => {
    ConnectorController.setConnectors([make('io.metamask', 'announced'), make('phantom', 'announced', 'solana')])
    ConnectorController.setActiveConnector('solana', 'phantom')
    expect(ConnectorController.getActiveConnector('solana')?.id).toBe('phantom')
    expect(ConnectorController.getActiveConnector('eip155')).toBeUndefined()
  })
})
