import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { scriptedConnector } from '../../tests/support/scriptedConnector'
import { type MemoryStorage, memoryStorage } from '../../tests/support/memoryStorage'
import type { ConnectionResult } from '../connectors/Connector'
import { AccountController } from './AccountController'
import { ChainController } from './ChainController'
import type { Namespace, Network } from '../networks/Network'
import { type Connection, ConnectionController } from './ConnectionController'
import { NoConnectorError } from '../errors/ConnectionErrors'
import { type ConnectorInfo, ConnectorController } from './ConnectorController'
import { EventsController } from './EventsController'
import { ModalController } from './ModalController'
import { RouterController } from './RouterController'
import { SiwxController } from './SiwxController'
import { resetAllStores } from './resetAllStores'
import { StorageController } from './StorageController'

/**
 * Wallets that answer like the connectors layer would: every call lands in `calls`; `hold`
 * keeps a connect waiting, `failNext` makes the WalletConnect pairing fail.
 */
class LocalWallets {
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

const mainnet: Network = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const connector = (id: string, type: ConnectorInfo['type']): ConnectorInfo => ({ id, type, name: id, chain: 'eip155', chains: [mainnet] })
const metamask: Connection = { connectorId: 'io.metamask', accounts: [{ address: '0xAAA' }, { address: '0xBBB' }] }
const rabby: Connection = { connectorId: 'io.rabby', accounts: [{ address: '0xCCC' }] }

let client: LocalWallets
let storage: MemoryStorage

beforeEach(() => {
  resetAllStores()
  storage = memoryStorage()
  StorageController.setStorage(storage)
  client = new LocalWallets()
  ChainController.setNetworks([mainnet])
  ConnectorController.register(client.external('io.metamask', '0xAAA', '0xBBB'))
  ConnectorController.register(client.external('io.rabby', '0xCCC'))
  ConnectorController.register(client.walletConnect())
  ConnectorController.addConnector(connector('auth', 'auth'))
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
    expect(client.calls).toEqual(['connect:walletConnect'])
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
    expect(client.calls.filter((c) => c === 'connect:walletConnect')).toHaveLength(2)
  })

  it('connecting without a WalletConnect connector fails with a clear message', async () => {
    ConnectorController.removeConnector('walletConnect')
    await expect(ConnectionController.connectWalletConnect({ reusePairing: false })).rejects.toThrow('WalletConnect is not set up for this app yet. Use a browser wallet instead.')
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
