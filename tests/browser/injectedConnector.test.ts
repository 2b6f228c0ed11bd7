import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { createPublicClient, http, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createDevWallet } from '../../dev/wallet/DevWallet'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { InjectedSession as InjectedConnector, type AddableChain } from '../../src/connectors/injected/InjectedSession'
import { watchInjectedWallets, type InjectedWallet } from '../../src/connectors/injected/injectedWallets'
import { WalletError } from '../../src/connectors/walletErrors'
import { answerWallet, injectDevWallet, removeDevWallets } from '../support/devWalletHarness'

const [chainA, chainB] = inject('localChains')
const keys = [hardhatDevPrivateKeys[6], hardhatDevPrivateKeys[7]]
const addresses = keys.map((key) => privateKeyToAccount(key).address)
const addableB: AddableChain = {
  id: chainB!.id,
  name: chainB!.name,
  rpcUrls: [chainB!.rpcUrl],
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}

/** Finds the injected wallet the way the modal does, and builds its connector with spied events. */
function discover(rdns: string) {
  const watcher = watchInjectedWallets({})
  const wallet = watcher.wallets().find((candidate) => candidate.rdns === rdns)
  watcher.stop()
  expect(wallet, `wallet ${rdns} discovered`).toBeDefined()
  const events = { onAccounts: vi.fn(), onChain: vi.fn(), onDisconnect: vi.fn() }
  return { wallet: wallet!, events, connector: new InjectedConnector(wallet!, events) }
}

afterEach(() => {
  removeDevWallets()
  localStorage.removeItem('portico-dev-wallet:dev.portico.wallet.restore')
})

describe('discovery', () => {
  it('finds the dev wallet by EIP-6963 and counts it once although it is also window.ethereum', () => {
    const devWallet = injectDevWallet({ chains: [chainA!], rdns: 'dev.portico.wallet', legacy: true })
    expect((window as unknown as { ethereum?: unknown }).ethereum).toBe(devWallet.provider)
    // A second legacy object of the same wallet (as some extensions inject) is the same rdns.
    const wallets = watchInjectedWallets({}).wallets()
    expect(wallets.map(({ id, name, source }) => ({ id, name, source }))).toEqual([
      { id: 'dev.portico.wallet', name: 'Portico Dev Wallet', source: 'announced' },
    ])
    expect(wallets[0]!.provider).toBe(devWallet.provider)
    expect(wallets[0]!.icon).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it('drops a different window.ethereum object of an announced rdns, keeps an unknown one', () => {
    injectDevWallet({ chains: [chainA!], rdns: 'dev.portico.wallet' })
    const sameWallet = createDevWallet({ chains: [chainA!], storage: null }).provider
    Object.defineProperty(window, 'ethereum', { value: sameWallet, configurable: true })
    try {
      expect(watchInjectedWallets({}).wallets().map((wallet) => wallet.source)).toEqual(['announced'])
      const unnamed = { request: async () => null }
      Object.defineProperty(window, 'ethereum', { value: unnamed, configurable: true })
      const wallets = watchInjectedWallets({}).wallets()
      expect(wallets.map(({ id, name, source }) => ({ id, name, source }))).toEqual([
        { id: 'dev.portico.wallet', name: 'Portico Dev Wallet', source: 'announced' },
        { id: 'injected', name: 'Browser Wallet', source: 'injected' },
      ])
    } finally {
      delete (window as unknown as { ethereum?: unknown }).ethereum
    }
  })

  it('reports a wallet that announces itself after the page started watching', () => {
    const seen: InjectedWallet[][] = []
    const watcher = watchInjectedWallets({ onChange: (wallets) => seen.push(wallets) })
    expect(watcher.wallets()).toEqual([])
    const devWallet = injectDevWallet({ chains: [chainA!], name: 'Late Wallet' })
    expect(seen.at(-1)?.map((wallet) => wallet.name)).toEqual(['Late Wallet'])
    expect(watcher.wallets()[0]!.rdns).toBe(devWallet.info.rdns)
    watcher.stop()
  })
})

describe('connect', () => {
  it('returns the accounts and chain once the visitor approves in the wallet', async () => {
    const devWallet = injectDevWallet({ chains: [chainA!], accounts: keys })
    const { connector, events } = discover(devWallet.info.rdns)
    expect(connector.type).toBe('ANNOUNCED')
    const connecting = connector.connect()
    await answerWallet('Approve', `Connect to ${location.host}`)
    await expect(connecting).resolves.toEqual({ accounts: addresses, chainId: chainA!.id })
    expect(connector.connection).toEqual({ accounts: addresses, chainId: chainA!.id })
    expect(events.onAccounts).not.toHaveBeenCalled()

    devWallet.provider.selectAccount(addresses[1]!)
    expect(events.onAccounts).toHaveBeenLastCalledWith([addresses[1], addresses[0]])
    expect(connector.connection?.accounts[0]).toBe(addresses[1])
  })

  it("says 'Connection rejected' when the visitor rejects, and connects on retry", async () => {
    const devWallet = injectDevWallet({ chains: [chainA!], accounts: keys })
    const { connector } = discover(devWallet.info.rdns)
    const rejected = connector.connect().catch((caught: unknown) => caught)
    await answerWallet('Reject', `Connect to ${location.host}`)
    const error = await rejected
    expect(error).toBeInstanceOf(WalletError)
    expect((error as WalletError).shortMessage).toBe('Connection rejected')
    expect((error as WalletError).code).toBe(4001)
    expect(connector.connection).toBeUndefined()
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()

    const retry = connector.connect()
    await answerWallet('Approve', `Connect to ${location.host}`)
    expect((await retry).accounts).toEqual(addresses)
  })

  it("says 'Modal closed' when the visitor closes the modal while the wallet asks", async () => {
    const devWallet = injectDevWallet({ chains: [chainA!], accounts: keys })
    const { connector } = discover(devWallet.info.rdns)
    const modal = new AbortController()
    const connecting = connector.connect({ signal: modal.signal }).catch((caught: unknown) => caught)
    await expect.element(page.getByRole('dialog', { name: 'Portico Dev Wallet' })).toBeVisible()
    modal.abort()
    const error = (await connecting) as WalletError
    expect(error.shortMessage).toBe('Modal closed')
    expect(connector.connection).toBeUndefined()
  })

  it('restores after a reload without asking again, and not after a disconnect', async () => {
    const rdns = 'dev.portico.wallet.restore'
    const first = injectDevWallet({ chains: [chainA!, chainB!], accounts: keys, rdns, storage: localStorage, autoApprove: true })
    const before = discover(rdns).connector
    await before.connect()
    await before.switchChain(addableB)
    removeDevWallets()

    // A reload: a new wallet instance in the page, a new connector, only eth_accounts.
    const approve = vi.fn(async () => true)
    injectDevWallet({ chains: [chainA!, chainB!], accounts: keys, rdns, storage: localStorage, approve })
    const after = discover(rdns).connector
    expect(await after.reconnect()).toEqual({ accounts: addresses, chainId: chainB!.id })
    expect(approve).not.toHaveBeenCalled()
    expect(first.provider).not.toBe(after.provider)

    await after.disconnect()
    removeDevWallets()
    injectDevWallet({ chains: [chainA!, chainB!], accounts: keys, rdns, storage: localStorage, approve })
    expect(await discover(rdns).connector.reconnect()).toBeUndefined()
  })
})

describe('switch network', () => {
  it('switches to a chain the wallet knows after approval, and reports the new chain', async () => {
    const devWallet = injectDevWallet({ chains: [chainA!, chainB!], accounts: keys })
    const { connector, events } = discover(devWallet.info.rdns)
    const connecting = connector.connect()
    await answerWallet('Approve', `Connect to ${location.host}`)
    await connecting

    const switching = connector.switchChain(addableB)
    await answerWallet('Approve', `Switch to ${chainB!.name}`)
    await switching
    expect(events.onChain).toHaveBeenCalledOnce()
    expect(events.onChain).toHaveBeenCalledWith(chainB!.id)
    expect(connector.connection?.chainId).toBe(chainB!.id)
    // Reads now go to chain B's node.
    const balance = await createPublicClient({ transport: connector.getTransport() }).getBalance({ address: addresses[0]! })
    expect(balance).toBe(await createPublicClient({ transport: http(chainB!.rpcUrl) }).getBalance({ address: addresses[0]! }))
  })

  it("says 'Network switch rejected' and stays when the visitor rejects", async () => {
    const devWallet = injectDevWallet({ chains: [chainA!, chainB!], accounts: keys })
    const { connector, events } = discover(devWallet.info.rdns)
    const connecting = connector.connect()
    await answerWallet('Approve', `Connect to ${location.host}`)
    await connecting
    const switching = connector.switchChain(addableB).catch((caught: unknown) => caught)
    await answerWallet('Reject', `Switch to ${chainB!.name}`)
    expect(((await switching) as WalletError).shortMessage).toBe('Network switch rejected')
    expect(events.onChain).not.toHaveBeenCalled()
    expect(connector.connection?.chainId).toBe(chainA!.id)
  })

  it('adds a chain the wallet does not know (4902), then switches to it', async () => {
    const devWallet = injectDevWallet({ chains: [chainA!], accounts: keys })
    const { connector, events } = discover(devWallet.info.rdns)
    const connecting = connector.connect()
    await answerWallet('Approve', `Connect to ${location.host}`)
    await connecting
    const unknown = await devWallet.provider
      .request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
      .catch((caught: { code: number }) => caught.code)
    expect(unknown).toBe(4902)

    const switching = connector.switchChain(addableB)
    await answerWallet('Approve', `Add ${chainB!.name}`)
    await answerWallet('Approve', `Switch to ${chainB!.name}`)
    await switching
    expect(events.onChain).toHaveBeenCalledWith(chainB!.id)
    expect(devWallet.provider.chains.map((chain) => chain.id)).toEqual([chainA!.id, chainB!.id])
    expect(await devWallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
  })
})

describe('wallet events', () => {
  async function connected() {
    const devWallet = injectDevWallet({ chains: [chainA!, chainB!], accounts: keys, autoApprove: true })
    const discovered = discover(devWallet.info.rdns)
    await discovered.connector.connect()
    return { devWallet, ...discovered }
  }

  it('reports a chain switched inside the wallet', async () => {
    const { devWallet, connector, events } = await connected()
    devWallet.provider.selectChain(chainB!.id)
    expect(events.onChain).toHaveBeenCalledWith(chainB!.id)
    expect(connector.connection?.chainId).toBe(chainB!.id)
  })

  it('treats revoked accounts as a disconnect', async () => {
    const { devWallet, connector, events } = await connected()
    devWallet.provider.revoke()
    expect(events.onDisconnect).toHaveBeenCalledWith(undefined)
    expect(connector.connection).toBeUndefined()
    devWallet.provider.selectChain(chainB!.id)
    expect(events.onChain).not.toHaveBeenCalled()
  })

  it("reports the wallet's disconnect event as 'Wallet disconnected'", async () => {
    const { devWallet, connector, events } = await connected()
    devWallet.provider.disconnect()
    const error = events.onDisconnect.mock.calls[0]?.[0] as WalletError
    expect(error.shortMessage).toBe('Wallet disconnected')
    expect(error.code).toBe(4900)
    expect(connector.connection).toBeUndefined()
    devWallet.provider.reconnect()
  })

  it('disconnect() stops listening and tells the stores once', async () => {
    const { devWallet, connector, events } = await connected()
    await connector.disconnect()
    expect(events.onDisconnect).toHaveBeenCalledOnce()
    expect(await devWallet.provider.request({ method: 'eth_accounts' })).toEqual([] as Address[])
    devWallet.provider.selectChain(chainB!.id)
    expect(events.onChain).not.toHaveBeenCalled()
  })
})
