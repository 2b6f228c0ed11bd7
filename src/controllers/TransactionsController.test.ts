import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createWalletClient, http } from 'viem'
import { clearFaults, injectFault } from '../../dev/backend/faultControl'
import { start as startBackend, type RunningBackend } from '../../dev/backend/start'
import { start as startChains, type DevChainStack } from '../../dev/chain/start'
import { BlockchainApi } from '../api/BlockchainApi'
import { createSnackbarController } from './SnackbarController'
import { createChainController } from './ChainController'
import { createStores } from './stores'
import { createTransactionsController, groupByYearAndMonth, isSpam, type ActivityTransaction, type TransactionsClient } from './TransactionsController'
import { testStore, resetAllStores } from '../../tests/support/testStores'

const SnackbarController = testStore(createSnackbarController)
const TransactionsController = testStore(createTransactionsController)

let chains: DevChainStack
let backend: RunningBackend
let api: BlockchainApi
const LOCAL = 'eip155:31337'

beforeAll(async () => {
  chains = await startChains()
  backend = await startBackend({ chains: chains.chains })
  // Twelve more transfers from account 5, so its history spans two pages of 10.
  const wallet = createWalletClient({ transport: http(chains.rpcUrls[31337]) })
  for (let i = 0; i < 12; i++) await wallet.sendTransaction({ account: chains.accounts[5]!, chain: null, to: chains.accounts[6]!, value: BigInt(i + 1) })
})
afterAll(async () => {
  await backend?.stop()
  await chains?.stop()
})
beforeEach(async () => {
  await clearFaults(backend.url)
  resetAllStores()
  api = new BlockchainApi({ baseUrl: backend.url, projectId: 'p', sdkType: 'portico', sdkVersion: 'v', retry: { delay: 5 } })
  TransactionsController.setClient(api)
})

const tx = (id: string, minedAt: string, extra: Partial<ActivityTransaction> = {}): ActivityTransaction => ({
  id, metadata: { minedAt, chain: LOCAL }, transfers: [{ direction: 'in' }], ...extra,
})

describe('TransactionsController', () => {
  it('refuses to fetch without an address', async () => {
    await expect(TransactionsController.fetchTransactions(undefined, LOCAL)).rejects.toThrow("Transactions can't be fetched without an accountAddress")
  })

  it('loads the seeded history, grouped by year then month, newest first', async () => {
    const pending = TransactionsController.fetchTransactions(chains.accounts[0], LOCAL)
    expect(TransactionsController.state.loading).toBe(true)
    await pending
    const s = TransactionsController.state
    expect(s).toMatchObject({ loading: false, empty: false, next: undefined, error: undefined })
    expect(s.transactions).toHaveLength(6)
    const years = Object.keys(s.transactionsByYear).map(Number)
    const months = years.flatMap((y) => Object.keys(s.transactionsByYear[y]!).map((m) => `${y}-${m}`))
    expect(months.length).toBeGreaterThanOrEqual(3) // spread over about three months
    for (const y of years) {
      for (const list of Object.values(s.transactionsByYear[y]!)) {
        const times = list.map((t) => Date.parse(t.metadata.minedAt))
        expect([...times].sort((a, b) => b - a)).toEqual(times)
      }
    }
  })

  it('follows the cursor to the next page without losing or repeating anything', async () => {
    await TransactionsController.fetchTransactions(chains.accounts[5], LOCAL)
    expect(TransactionsController.state.transactions).toHaveLength(10)
    expect(TransactionsController.state.next).toBeDefined()
    await TransactionsController.fetchTransactions(chains.accounts[5], LOCAL)
    const ids = TransactionsController.state.transactions.map((t) => t.id)
    expect(ids).toHaveLength(12)
    expect(new Set(ids).size).toBe(12)
    expect(TransactionsController.state.next).toBeUndefined()
  })

  it('is empty, with the cursor cleared, for an account without activity', async () => {
    await TransactionsController.fetchTransactions(chains.accounts[7], LOCAL)
    expect(TransactionsController.state).toMatchObject({ transactions: [], empty: true, next: undefined })
  })

  it('shows "Failed to fetch transactions" when the API fails', async () => {
    await injectFault(backend.url, { kind: 'status', status: 500, path: '/v1/account', times: 4 })
    await TransactionsController.fetchTransactions(chains.accounts[0], LOCAL)
    expect(TransactionsController.state).toMatchObject({ error: 'Failed to fetch transactions', loading: false, next: undefined })
    expect(SnackbarController.state).toMatchObject({ open: true, variant: 'error', message: 'Failed to fetch transactions' })
  })

  it('drops all-spam transactions and other chains’ entries, keeping the real ones', async () => {
    const spam = tx('spam', '2026-10-01T00:00:00Z', { transfers: [{ nft_info: { flags: { is_spam: true } } }] })
    const foreign = tx('foreign', '2026-10-01T00:00:00Z', { metadata: { minedAt: '2026-10-01T00:00:00Z', chain: 'eip155:1' } })
    const wrapped: TransactionsClient = {
      async fetchTransactions(params) {
        const page = await api.fetchTransactions(params)
        return { ...page, data: [spam, foreign, ...page.data] }
      },
    }
    TransactionsController.setClient(wrapped)
    await TransactionsController.fetchTransactions(chains.accounts[0], LOCAL)
    expect(TransactionsController.state.transactions.map((t) => t.id)).not.toContain('spam')
    expect(TransactionsController.state.transactions.map((t) => t.id)).not.toContain('foreign')
    expect(TransactionsController.state.transactions).toHaveLength(6)
  })

  it('starts over when the network changes and ignores a stale answer', async () => {
    await injectFault(backend.url, { kind: 'slow', delayMs: 200, path: '/v1/account' })
    const stale = TransactionsController.fetchTransactions(chains.accounts[0], LOCAL)
    await TransactionsController.fetchTransactions(chains.accounts[0], 'eip155:31338')
    await stale
    expect(TransactionsController.state.caipNetworkId).toBe('eip155:31338')
    expect(TransactionsController.state.transactions.every((t) => t.metadata.chain === 'eip155:31338')).toBe(true)
  })
})

describe('TransactionsController: one per Portico', () => {
  const local = { id: 31337, caipNetworkId: LOCAL, chainNamespace: 'eip155', name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } } as const

  it("reads its own Portico's network, and another Portico's fetch neither replaces its list nor makes its answer stale", async () => {
    const [one, two] = [createStores(), createStores()]
    one.get(createChainController).setNetworks([local])
    const [mine, theirs] = [one.get(createTransactionsController), two.get(createTransactionsController)]
    await expect(theirs.fetchTransactions(chains.accounts[0])).rejects.toThrow('TransactionsController has no client')
    mine.setClient(api)
    theirs.setClient(api)
    // The second Portico has no active network of its own (the first's is not its).
    await expect(theirs.fetchTransactions(chains.accounts[0])).rejects.toThrow('Transactions need an active network')
    await injectFault(backend.url, { kind: 'slow', delayMs: 200, path: '/v1/account' })
    const slow = mine.fetchTransactions(chains.accounts[0])
    await theirs.fetchTransactions(chains.accounts[5], 'eip155:31338')
    await slow
    expect(mine.state).toMatchObject({ caipNetworkId: LOCAL, loading: false })
    expect(mine.state.transactions.length).toBeGreaterThan(0)
    expect(mine.state.transactions.every((t) => t.metadata.chain === LOCAL)).toBe(true)
    expect(theirs.state.caipNetworkId).toBe('eip155:31338')
  })
})

describe('spam and grouping rules', () => {
  it('calls a transaction spam only when every transfer is a spam NFT', () => {
    expect(isSpam(tx('a', '2026-01-01T00:00:00Z', { transfers: [{ nft_info: { flags: { is_spam: true } } }, { direction: 'in' }] }))).toBe(false)
    expect(isSpam(tx('b', '2026-01-01T00:00:00Z', { transfers: [] }))).toBe(false)
  })

  it('groups by UTC year and month, newest first', () => {
    const grouped = groupByYearAndMonth([tx('1', '2025-12-31T23:00:00Z'), tx('2', '2026-01-02T00:00:00Z'), tx('3', '2026-01-20T00:00:00Z')])
    expect(grouped[2025]![11]!.map((t) => t.id)).toEqual(['1'])
    expect(grouped[2026]![0]!.map((t) => t.id)).toEqual(['3', '2'])
  })
})
