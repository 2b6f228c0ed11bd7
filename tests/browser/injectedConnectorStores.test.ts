import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest'
import { createPublicClient, createWalletClient, custom, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { createAccountController } from '../../src/controllers/AccountController'
import { createChainController } from '../../src/controllers/ChainController'
import { createConnectionController } from '../../src/controllers/ConnectionController'
import { createConnectorController } from '../../src/controllers/ConnectorController'
import type { Network } from '../../src/networks/Network'
import { createStorageController } from '../../src/controllers/StorageController'

import { injectedConnectors } from '../../src/connectors/injected/injectedConnectors'
import type { LocalChain } from '../support/localChains'
import { answerWallet, injectDevWallet, removeDevWallets } from '../support/devWalletHarness'
import { memoryStorage } from '../support/memoryStorage'
import { testStore, resetAllStores } from '../support/testStores'

const AccountController = testStore(createAccountController)
const ChainController = testStore(createChainController)
const ConnectionController = testStore(createConnectionController)
const ConnectorController = testStore(createConnectorController)
const StorageController = testStore(createStorageController)

const [chainA, chainB] = inject('localChains') as [LocalChain, LocalChain]
const keys = [hardhatDevPrivateKeys[5], hardhatDevPrivateKeys[4]]
const [first, second] = keys.map((key) => privateKeyToAccount(key).address) as [`0x${string}`, `0x${string}`]
const rdns = 'dev.portico.wallet.stores'

const network = (chain: LocalChain): Network => ({
  id: chain.id,
  caipNetworkId: `eip155:${chain.id}`,
  chainNamespace: 'eip155',
  name: chain.name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [chain.rpcUrl] } },
})

let unregister: (() => void) | undefined
/** The page's storage for one test; it survives the test's "reloads" and nothing else. */
let storage: Storage


/** What `createPortico` does for injected wallets: stores reset, networks set, the browser's wallets registered. */
function startApp(networks: Network[] = [network(chainA), network(chainB)]) {
  unregister?.()
  resetAllStores()
  StorageController.setStorage(storage)
  ChainController.setNetworks(networks)
  unregister = ConnectorController.register(injectedConnectors())
}

/** The dev wallet as it would be in the page, remembering its permission in the page's storage. */
function wallet(options: { approve?: () => Promise<boolean> } = {}) {
  return injectDevWallet({ chains: [chainA, chainB], accounts: keys, rdns, storage, ...options })
}

async function connectWithApproval() {
  const connector = ConnectorController.getConnector(rdns, 'eip155')!
  const connecting = ConnectionController.connect(connector)
  expect(ConnectionController.get('eip155').status).toBe('connecting')
  await answerWallet('Approve', `Connect to ${location.host}`)
  await connecting
}

beforeEach(() => {
  storage = memoryStorage()
})
afterEach(() => {
  unregister?.()
  removeDevWallets()
  StorageController.reset()
})

describe('injected wallets in the stores', () => {
  it('registers the dev wallet as an announced connector, so the wallet list comes first', () => {
    wallet()
    startApp()
    const connector = ConnectorController.getConnector(rdns, 'eip155')
    expect(connector).toMatchObject({ id: rdns, type: 'announced', name: 'Portico Dev Wallet', info: { rdns } })
    expect(connector?.imageUrl).toMatch(/^data:image\/svg\+xml/)
    expect(ConnectorController.getConnectMethodsOrder()).toEqual(['wallet', 'email', 'social'])
  })

  it('connecting fills connection, account and network; wallet events keep them current', async () => {
    const devWallet = wallet()
    startApp()
    await connectWithApproval()
    expect(ConnectionController.get('eip155').status).toBe('connected')
    expect(AccountController.getAccount('eip155')).toMatchObject({ address: first, type: 'eoa' })
    expect(AccountController.get('eip155')?.allAccounts.map((account) => account.address)).toEqual([first, second])
    expect(ChainController.getActiveNetwork('eip155')?.caipNetworkId).toBe(`eip155:${chainA.id}`)

    devWallet.provider.selectAccount(second)
    expect(AccountController.getAccount('eip155')?.address).toBe(second)
    devWallet.provider.selectChain(chainB.id)
    expect(ChainController.getActiveNetwork('eip155')?.caipNetworkId).toBe(`eip155:${chainB.id}`)

    devWallet.provider.revoke()
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
    expect(AccountController.getAccount('eip155')).toBeUndefined()
  })

  it('records a chain the app does not support on the connection, leaving the active network alone', async () => {
    const devWallet = wallet()
    startApp([network(chainA)])
    await connectWithApproval()
    devWallet.provider.selectChain(chainB.id)
    expect(ConnectionController.get('eip155').connections[0]?.caipNetworkId).toBe(`eip155:${chainB.id}`)
    expect(ChainController.isSupported(`eip155:${chainB.id}`)).toBe(false)
    expect(ChainController.getActiveNetwork('eip155')?.caipNetworkId).toBe(`eip155:${chainA.id}`)
  })

  it('a rejected connection leaves the stores disconnected and can be retried', async () => {
    wallet()
    startApp()
    const connector = ConnectorController.getConnector(rdns, 'eip155')!
    const rejected = ConnectionController.connect(connector).catch((caught: unknown) => caught)
    await answerWallet('Reject', `Connect to ${location.host}`)
    expect(await rejected).toMatchObject({ shortMessage: 'Connection rejected' })
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
    await connectWithApproval()
    expect(ConnectionController.get('eip155').status).toBe('connected')
  })

  it('switches network through the wallet and sends from it with the exposed transport', async () => {
    const devWallet = wallet()
    startApp()
    await connectWithApproval()
    const switching = ConnectionController.switchNetwork(network(chainB).caipNetworkId)
    await answerWallet('Approve', `Switch to ${chainB.name}`)
    await switching
    expect(ChainController.getActiveNetwork('eip155')?.caipNetworkId).toBe(`eip155:${chainB.id}`)

    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const client = createWalletClient({ account: first, transport: custom(ConnectionController.getProvider('eip155')!) })
    const sending = client.sendTransaction({ chain: null, to: receiver, value: parseEther('0.75') })
    await answerWallet('Approve', 'Send 0.75 ETH')
    const node = createPublicClient({ transport: http(chainB.rpcUrl) })
    await node.waitForTransactionReceipt({ hash: await sending })
    expect(await node.getBalance({ address: receiver })).toBe(parseEther('0.75'))
    expect(ConnectionController.getProvider('eip155')).toBe(devWallet.provider)
  })

  it('restores after a reload without a prompt, and not after the visitor disconnected', async () => {
    wallet()
    startApp()
    await connectWithApproval()

    // Reload: a new wallet instance and fresh stores; only the page's storage survives.
    removeDevWallets()
    const approve = vi.fn(async () => true)
    wallet({ approve })
    startApp()
    expect(await ConnectionController.restore()).toEqual([rdns])
    expect(approve).not.toHaveBeenCalled()
    expect(ConnectionController.get('eip155').status).toBe('connected')
    expect(AccountController.getAccount('eip155')?.address).toBe(first)

    await ConnectionController.disconnect('eip155')
    expect(ConnectionController.get('eip155').status).toBe('disconnected')
    expect(AccountController.getAccount('eip155')).toBeUndefined()

    removeDevWallets()
    wallet({ approve })
    startApp()
    expect(await ConnectionController.restore()).toEqual([])
    expect(approve).not.toHaveBeenCalled()
    expect(AccountController.getAccount('eip155')).toBeUndefined()
  })
})
