import { errorOf, PorticoError } from '../errors/PorticoError'
import { WAGMI_MESSAGES } from '../errors/errorMessages'
import { afterEach, describe, expect, it } from 'vitest'
import { connect, createConfig, createStorage, disconnect, http, switchChain, type Config } from '@wagmi/core'
import { defineChain } from 'viem'
import { createPortico, type Portico } from '../createPortico'
import { porticoConnector } from './porticoConnector'

// A real Portico and a real wagmi config, in Node: no wallet, so nothing here connects. The
// connected paths run in Chromium with the dev wallet (porticoConnector.browser.test.tsx).
const local = defineChain({ id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } })
const other = defineChain({ ...local, id: 31338, name: 'Other' })
const network = { id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'Local', nativeCurrency: local.nativeCurrency, rpcUrls: local.rpcUrls } as const

let portico: Portico | undefined
afterEach(() => {
  portico?.close()
  portico?.destroy()
  portico = undefined
})

function setup(options: { storage?: Map<string, string> } = {}): { portico: Portico; config: Config } {
  portico = createPortico({ networks: [network] })
  const items = options.storage ?? new Map<string, string>()
  const storage = createStorage({ storage: { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), removeItem: (key) => void items.delete(key) } })
  const config = createConfig({ chains: [local, other], connectors: [porticoConnector(portico)], storage, multiInjectedProviderDiscovery: false, transports: { [local.id]: http(), [other.id]: http() } })
  return { portico, config }
}

describe('porticoConnector', () => {
  it('is a wagmi connector named Portico', () => {
    const { config } = setup()
    expect(config.connectors.map(({ id, name, type }) => ({ id, name, type }))).toEqual([{ id: 'portico', name: 'Portico', type: 'portico' }])
  })

  it('says what is wrong with what it was given', () => {
    expect(() => porticoConnector(undefined as never)).toThrow(errorOf(WAGMI_MESSAGES, 'wagmiNeedsPortico'))
    expect(() => porticoConnector({} as never)).toThrow(PorticoError)
    portico = createPortico({ networks: [network] })
    expect(() => porticoConnector(portico!, { restoreTimeout: -1 })).toThrow(errorOf(WAGMI_MESSAGES, 'wagmiRestoreTimeout', { value: '-1' }))
    expect(() => porticoConnector(portico!, { restoreTimeout: Number.NaN })).toThrow(PorticoError)
  })

  it('connect opens the modal, and closing it rejects with UserRejectedRequestError', async () => {
    const { portico, config } = setup()
    const opened: boolean[] = []
    portico.subscribeModal(({ open }) => opened.push(open))
    const connecting = connect(config, { connector: config.connectors[0]! })
    await expect.poll(() => opened).toContain(true)
    expect(config.state.status).toBe('connecting')
    portico.close()
    await expect(connecting).rejects.toMatchObject({ name: 'UserRejectedRequestError', details: 'The Portico modal was closed before a wallet connected.' })
    expect(config.state.status).toBe('disconnected')
  })

  it('with nothing to restore, reports no account and is not authorized, without waiting', async () => {
    const { config } = setup()
    const [connector] = config.connectors
    const started = performance.now()
    expect(await connector!.isAuthorized()).toBe(false)
    expect(await connector!.getProvider()).toBeUndefined()
    expect(await connector!.getAccounts()).toEqual([])
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('after a visit that ended connected, waits for Portico to restore, then gives up after restoreTimeout', async () => {
    const storage = new Map([['wagmi.portico.connected', 'true']])
    portico = createPortico({ networks: [network] })
    const config = createConfig({
      chains: [local],
      connectors: [porticoConnector(portico, { restoreTimeout: 300 })],
      storage: createStorage({ storage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value), removeItem: (key) => void storage.delete(key) } }),
      multiInjectedProviderDiscovery: false,
      transports: { [local.id]: http() },
    })
    const started = performance.now()
    expect(await config.connectors[0]!.isAuthorized()).toBe(false)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    // Only once per page: later calls answer at once.
    const again = performance.now()
    expect(await config.connectors[0]!.isAuthorized()).toBe(false)
    expect(performance.now() - again).toBeLessThan(100)
  })

  it("switchChain refuses a chain the wagmi config does not list, with wagmi's own error", async () => {
    const { config } = setup()
    await expect(config.connectors[0]!.switchChain!({ chainId: 1 })).rejects.toMatchObject({ name: 'SwitchChainError', cause: { name: 'ChainNotConfiguredError' } })
    // Disconnected, wagmi's own switchChain just records the chain; disconnect is a no-op.
    await switchChain(config, { chainId: other.id })
    expect(config.state.chainId).toBe(other.id)
    await disconnect(config)
    expect(config.state.status).toBe('disconnected')
  })
})
