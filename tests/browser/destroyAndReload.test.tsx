import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { createAccountController } from '../../src/controllers/AccountController'
import { createChainController } from '../../src/controllers/ChainController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createConnectorController } from '../../src/controllers/ConnectorController'
import { createModalController } from '../../src/controllers/ModalController'
import { createPortico, type Portico, type PorticoOptions } from '../../src/createPortico'
import { ConnectButton, PorticoProvider } from '../../src/react'
import { answerWallet, removeDevWallets } from '../support/devWalletHarness'
import { type PageResources, trackPageResources } from '../support/pageResources'
import { journeyWallet, networks, stack, WALLET } from './journeyHarness'
import { resetStores } from './modalHarness'
import { testStore, runningStores } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ChainController = testStore(createChainController)
const ConnectionController = testStore(createConnectionController)
const ConnectorController = testStore(createConnectorController)
const ModalController = testStore(createModalController)

const options = (): PorticoOptions => ({ networks, apiUrl: stack.backendUrl, projectId: 'portico-destroy', metadata: { name: 'Destroy test', description: '', url: location.origin, icons: [] } })
let tracker: ReturnType<typeof trackPageResources> | undefined
const started: Portico[] = []

afterEach(async () => {
  await cleanup()
  for (const portico of started.splice(0)) portico.destroy()
  tracker?.stop()
  tracker = undefined
  ModalController.state.open = false
  removeDevWallets()
  resetStores()
  localStorage.clear()
})

const start = () => {
  const portico = createPortico(options())
  runningStores(portico.stores)
  started.push(portico)
  return portico
}
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const walletsListed = () => ConnectorController.state.connectors.filter((c) => c.name === WALLET).length

/** The dev wallet, with the listeners Portico holds on its EIP-1193 provider counted by event. */
function countedWallet() {
  const wallet = journeyWallet()
  const live = new Map<string, Set<unknown>>()
  const provider = wallet.provider
  const on = provider.on.bind(provider)
  const removeListener = provider.removeListener.bind(provider)
  provider.on = (event, listener) => {
    live.set(event, (live.get(event) ?? new Set()).add(listener))
    return on(event, listener)
  }
  provider.removeListener = (event, listener) => {
    live.get(event)?.delete(listener)
    return removeListener(event, listener)
  }
  const listening = () => Object.fromEntries([...live].filter(([, set]) => set.size > 0).map(([event, set]) => [event, set.size]))
  return Object.assign(wallet, { listening })
}

/** Opens the modal (the lazy chunks wire on the first open) and connects the dev wallet without the UI. */
async function openAndConnect(wallet = countedWallet()) {
  ModalController.open()
  await expect.poll(walletsListed).toBeGreaterThan(0)
  const info = ConnectorController.state.connectors.find((c) => c.name === WALLET)!
  const connecting = ConnectionController.connect(info)
  await answerWallet('Approve', `Connect to ${location.host}`)
  await connecting
  await expect.poll(() => AccountController.getAccount('eip155')?.address).toBe(wallet.address)
  return wallet
}

const nothingLeft: Omit<PageResources, 'fetches'> = { timeouts: 0, intervals: 0, listeners: [], frames: 0, sockets: 0 }

describe('portico.destroy() leaves nothing running', () => {
  it('after a connect and the modal’s first open: no timer, listener, frame or socket of Portico’s, and nothing reacts to the stores', async () => {
    tracker = trackPageResources()
    const portico = start()
    const wallet = await openAndConnect()
    expect(tracker.live().listeners.length).toBeGreaterThan(0) // the wallet discovery listens while Portico runs
    expect(Object.keys(wallet.listening()).length).toBeGreaterThan(0) // and the connection follows the wallet
    ModalController.close()
    portico.destroy()
    await settle(1500) // short timers (animations, the snackbar) run out
    const { fetches, ...left } = tracker.live()
    expect(left).toEqual(nothingLeft)
    expect(wallet.listening()).toEqual({})
    // What was wired to the stores (first open, an account appearing) no longer reacts.
    ModalController.open()
    AccountController.setAccount({ namespace: 'eip155', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' })
    await settle(500)
    expect(tracker.live().fetches).toBe(fetches)
  })

  it('puts the state back (no account, no wallet listed, no network, the modal closed), and a new createPortico restores the stored connection', async () => {
    const portico = start()
    const wallet = await openAndConnect()
    portico.destroy()
    expect(AccountController.getAccount('eip155')).toBeUndefined()
    expect(ConnectorController.state.connectors).toEqual([])
    expect(ChainController.getNetworks('eip155')).toEqual([])
    expect(ModalController.state.open).toBe(false)
    expect(ConnectionController.getProvider('eip155')).toBeUndefined()
    start()
    await expect.poll(() => AccountController.getAccount('eip155')?.address).toBe(wallet.address)
    expect(walletsListed()).toBe(1)
  })
})

describe('hot reload: createPortico twice on one page', () => {
  it('the first destroyed (as Vite and Next.js do): one set of listeners, the wallet listed once, the account reported', async () => {
    tracker = trackPageResources()
    const first = start()
    first.destroy()
    const second = start()
    const reported: (string | undefined)[] = []
    second.subscribeAccount(({ address }) => reported.push(address))
    const wallet = await openAndConnect()
    expect(walletsListed()).toBe(1)
    expect(tracker.live().listeners.filter((key) => key.includes('eip6963:announceProvider'))).toHaveLength(1)
    expect(Object.values(wallet.listening()).every((count) => count === 1)).toBe(true)
    expect(reported).toContain(wallet.address)
    second.destroy()
    await settle(1500)
    const { fetches: _, ...left } = tracker.live()
    expect(left).toEqual(nothingLeft)
  })

  it('React Strict Mode’s pair (the first kept, the second made and dropped): the first runs again as its provider mounts, with one set of listeners', async () => {
    tracker = trackPageResources()
    const kept = start()
    start() // made by React's second call of the useState initializer, and dropped
    runningStores(kept.stores)
    await render(<PorticoProvider portico={kept}><main><ConnectButton /></main></PorticoProvider>)
    const wallet = await openAndConnect()
    expect(walletsListed()).toBe(1)
    expect(tracker.live().listeners.filter((key) => key.includes('eip6963:announceProvider'))).toHaveLength(1)
    expect(Object.values(wallet.listening()).every((count) => count === 1)).toBe(true)
    expect(kept.getAccount().address).toBe(wallet.address)
  })

  it('the first not destroyed: the second takes over, so one set of listeners and the wallet listed once', async () => {
    tracker = trackPageResources()
    start()
    start()
    const wallet = await openAndConnect()
    expect(walletsListed()).toBe(1)
    expect(Object.values(wallet.listening()).every((count) => count === 1)).toBe(true)
    const discovery = tracker.live().listeners.filter((key) => key.includes('eip6963:announceProvider'))
    expect(discovery).toHaveLength(1)
    for (const portico of started.splice(0).reverse()) portico.destroy()
    await settle(1500)
    const { fetches: _, ...left } = tracker.live()
    expect(left).toEqual(nothingLeft)
  })
})
