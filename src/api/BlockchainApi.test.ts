import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearFaults, injectFault, receivedRequests } from '../../dev/backend/faultControl'
import { start, type RunningBackend } from '../../dev/backend/start'
import { toFunctionSelector } from 'viem'
import { DEV_ACCOUNTS, DEV_CONTRACTS, DEV_TOKENS } from '../../dev/chain/devChains'
import { BlockchainApi, BlockchainApiError } from './BlockchainApi'
import { DEFAULT_ONRAMP_OPTIONS } from './onrampDefaults'

let backend: RunningBackend
let api: BlockchainApi
const user = DEV_ACCOUNTS[0]!
const LOCAL = 'eip155:31337'
const usd = `${LOCAL}:${DEV_TOKENS[0]!.address}`
const eth = `${LOCAL}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`

beforeAll(async () => {
  backend = await start()
})
afterAll(async () => {
  await backend?.stop()
})
beforeEach(async () => {
  await clearFaults(backend.url)
  api = new BlockchainApi({ baseUrl: backend.url, projectId: 'p', sdkType: 'portico', sdkVersion: 'v', retry: { delay: 5 }, swapChainIds: [31337] })
})
afterEach(() => {
  vi.useRealTimers()
})

const calls = async (path: string) => (await receivedRequests(backend.url, path)).length
/** Fakes only the clock, so real sockets and timers keep working. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })

describe('BlockchainApi: unsupported networks', () => {
  it('gives empty results without asking for balances, history or identity', async () => {
    expect(await api.getBalance({ address: user, caipNetworkId: 'eip155:1' })).toEqual({ balances: [] })
    expect(await api.fetchTransactions({ account: user, caipNetworkId: 'eip155:1' })).toEqual({ data: [], next: undefined })
    expect(await api.fetchIdentity({ address: user, caipNetworkId: 'eip155:1' })).toEqual({ name: null, avatar: null })
    expect(await calls('/v1/account')).toBe(0)
  })

  it('refuses swaps and gas prices on chains without swaps, with the exact texts', async () => {
    const mainnetOnly = new BlockchainApi({ http: api.http })
    await expect(mainnetOnly.fetchSwapTokens({ caipNetworkId: LOCAL })).rejects.toThrow(new BlockchainApiError('Network not supported for Swaps', { details: LOCAL }))
    await expect(mainnetOnly.fetchGasPrice({ caipNetworkId: LOCAL })).rejects.toMatchObject({ shortMessage: 'Network not supported for Gas Price' })
    await expect(mainnetOnly.fetchSwapQuote({ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', amount: '1', userAddress: 'x', from: 'a', to: 'b' })).rejects.toMatchObject({ shortMessage: 'Network not supported for Swaps' })
    expect(mainnetOnly.swapChainIds).toEqual([1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554])
  })
})

describe('BlockchainApi: balances', () => {
  it('reads balances and caches them for 30 s', async () => {
    fakeClock()
    const { balances } = await api.getBalance({ address: user, caipNetworkId: LOCAL })
    expect(balances.find((b) => b.symbol === 'PUSD')?.quantity.numeric).toBe('925')
    vi.advanceTimersByTime(29_999)
    await api.getBalance({ address: user, caipNetworkId: LOCAL })
    expect(await calls('/v1/account')).toBe(1)
    vi.advanceTimersByTime(1)
    await api.getBalance({ address: user, caipNetworkId: LOCAL })
    expect(await calls('/v1/account')).toBe(2)
    await api.getBalance({ address: user, caipNetworkId: LOCAL, forceUpdate: true })
    expect(await calls('/v1/account')).toBe(3)
  })

  it('after a failure, says "Token Balance Unavailable" and does not ask again for 30 s', async () => {
    fakeClock()
    await injectFault(backend.url, { kind: 'status', status: 500, path: '/v1/account', times: 4 })
    await expect(api.getBalance({ address: user, caipNetworkId: LOCAL })).rejects.toMatchObject({ shortMessage: 'Token Balance Unavailable' })
    expect(await calls('/v1/account')).toBe(4) // the first attempt and 3 retries
    vi.advanceTimersByTime(29_999)
    await expect(api.getBalance({ address: user, caipNetworkId: LOCAL })).rejects.toMatchObject({ shortMessage: 'Token Balance Unavailable' })
    expect(await calls('/v1/account')).toBe(4)
    vi.advanceTimersByTime(1)
    expect((await api.getBalance({ address: user, caipNetworkId: LOCAL })).balances.length).toBe(3)
  })

  it('never shows a malformed answer as a balance', async () => {
    await injectFault(backend.url, { kind: 'malformed', path: '/v1/account' })
    await expect(api.getBalance({ address: user, caipNetworkId: LOCAL })).rejects.toMatchObject({ shortMessage: 'Token Balance Unavailable' })
  })
})

describe('BlockchainApi: names and history', () => {
  it('caches identities for 5 minutes', async () => {
    fakeClock()
    expect(await api.fetchIdentity({ address: user })).toEqual({ name: 'alice.portico.id', avatar: null })
    vi.advanceTimersByTime(5 * 60_000 - 1)
    await api.fetchIdentity({ address: user.toLowerCase() })
    expect(await calls('/v1/identity')).toBe(1)
    vi.advanceTimersByTime(1)
    await api.fetchIdentity({ address: user })
    expect(await calls('/v1/identity')).toBe(2)
  })

  it('looks names up both ways', async () => {
    expect((await api.lookupName('bob.portico.id'))?.addresses['60']?.address).toBe(DEV_ACCOUNTS[1])
    expect(await api.lookupName('nobody.portico.id')).toBeUndefined()
    expect((await api.reverseLookup(user)).map((p) => p.name)).toEqual(['alice.portico.id'])
    expect((await api.getNameSuggestions('alice'))[0]).toEqual({ name: 'alice.portico.id', registered: true })
  })

  it('pages the history with the cursor and loses nothing', async () => {
    const seen: string[] = []
    let cursor: string | undefined
    do {
      const page = await api.fetchTransactions({ account: user, caipNetworkId: LOCAL, cursor })
      seen.push(...page.data.map((t) => t.id))
      cursor = page.next
    } while (cursor)
    expect(seen).toHaveLength(6)
    expect(new Set(seen).size).toBe(6)
  })
})

describe('BlockchainApi: swaps and prices', () => {
  it('lists tokens, quotes, allowance, gas price and builds transactions', async () => {
    expect((await api.fetchSwapTokens({ caipNetworkId: LOCAL })).map((t) => t.symbol)).toEqual(['ETH', 'PUSD', 'PGLD'])
    const { quotes } = await api.fetchSwapQuote({ caipNetworkId: LOCAL, amount: '1000000', userAddress: `${LOCAL}:${user}`, from: usd, to: eth })
    // 1 PUSD → ETH from the seeded pool (300 000 PUSD / 100 ETH), 0.3 % fee: x·y = k.
    expect(BigInt(quotes[0]!.toAmount)).toBe(332332228882559n)
    await expect(api.fetchSwapQuote({ caipNetworkId: LOCAL, amount: '1', userAddress: `${LOCAL}:${user}`, from: eth, to: usd })).rejects.toMatchObject({ shortMessage: 'Insufficient liquidity' })
    expect((await api.fetchSwapAllowance({ caipNetworkId: LOCAL, tokenAddress: usd, userAddress: `${LOCAL}:${user}` })).allowance).toBe('0')
    expect((await api.fetchSwapAllowance({ caipNetworkId: LOCAL, tokenAddress: eth, userAddress: `${LOCAL}:${user}` })).allowance).toBe(String(2n ** 256n - 1n))
    const gas = await api.fetchGasPrice({ caipNetworkId: LOCAL })
    expect(BigInt(gas.fast)).toBeGreaterThan(BigInt(gas.standard))
    const approve = await api.generateApproveCalldata({ caipNetworkId: LOCAL, amount: '5', userAddress: `${LOCAL}:${user}`, from: usd, to: eth })
    expect(approve.tx.data.startsWith('0x095ea7b3')).toBe(true)
    const swap = await api.generateSwapCalldata({ caipNetworkId: LOCAL, amount: '1000000000000000', userAddress: `${LOCAL}:${user}`, from: eth, to: usd })
    expect(swap.tx).toMatchObject({ amount: '1000000000000000', to: DEV_CONTRACTS.swapPools, data: expect.stringMatching(new RegExp(`^${toFunctionSelector('swap(address,address,uint256,uint256,uint256)')}`)) })
  })

  it('prices assets', async () => {
    const { fungibles } = await api.fetchTokenPrice({ addresses: [eth, usd] })
    expect(fungibles.map((f) => [f.symbol, f.price])).toEqual([['ETH', 3000], ['PUSD', 1]])
  })
})

describe('BlockchainApi: onramp and sessions', () => {
  it('uses the server’s options and quotes', async () => {
    const options = await api.getOnrampOptions({ country: 'US' })
    expect(options.purchaseCurrencies.map((c) => c.id)).toEqual(['ETH', 'PUSD'])
    const quote = await api.getOnrampQuote({ purchaseCurrency: { id: 'ETH' }, paymentCurrency: { id: 'USD' }, amount: '100' })
    expect(quote).toMatchObject({ paymentTotal: { value: '100.00', currency: 'USD' }, purchaseAmount: { value: '0.032667', currency: 'ETH' } })
    expect(await api.generateOnRampUrl({ destinationWallets: [{ address: user }], partnerUserId: 'u1' })).toMatch(/\/onramp\/widget\/[\w-]+\?secret=[\w-]{32}$/)
  })

  it('falls back to the built-in options and quote when the server fails', async () => {
    await injectFault(backend.url, [{ kind: 'status', status: 500, path: '/v1/onramp', times: 8 }])
    expect(await api.getOnrampOptions()).toEqual(DEFAULT_ONRAMP_OPTIONS)
    expect(DEFAULT_ONRAMP_OPTIONS.paymentCurrencies.map((c) => [c.id, c.limits])).toEqual([
      ['USD', [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'bank', min: '10.00', max: '25000.00' }]],
      ['EUR', [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'bank', min: '10.00', max: '25000.00' }]],
    ])
    const quote = await api.getOnrampQuote({ purchaseCurrency: { id: 'ETH' }, paymentCurrency: { id: 'EUR' }, amount: '50' })
    expect(quote).toMatchObject({ paymentTotal: { value: '50', currency: 'EUR' }, purchaseAmount: { value: '0' }, quoteId: 'default' })
  })

  it('adds, lists and revokes sessions', async () => {
    const { privateKeyToAccount } = await import('viem/accounts')
    const { hardhatDevPrivateKeys } = await import('../../dev/wallet/devAccounts')
    const account = privateKeyToAccount(hardhatDevPrivateKeys[0])
    const message = 'localhost wants you to sign in'
    const { token, ...session } = await api.addSession({ caipAddress: `${LOCAL}:${account.address}`, message, signature: await account.signMessage({ message }) })
    const second = await api.addSession({ caipAddress: `${LOCAL}:${account.address}`, message, signature: await account.signMessage({ message }) })
    expect((await api.getSessions(`${LOCAL}:${account.address}`, token)).map((s) => s.id)).toEqual([session.id, second.id])
    // Another account's token neither lists nor revokes them.
    const stranger = privateKeyToAccount(hardhatDevPrivateKeys[1])
    const foreign = await api.addSession({ caipAddress: `${LOCAL}:${stranger.address}`, message, signature: await stranger.signMessage({ message }) })
    await expect(api.getSessions(`${LOCAL}:${account.address}`, foreign.token)).rejects.toMatchObject({ status: 403 })
    expect(await api.revokeSession(session.id, foreign.token)).toBe(false)
    expect(await api.revokeSession(session.id, second.token)).toBe(true)
    expect(await api.revokeSession(session.id, second.token)).toBe(false)
    expect((await api.getSessions(`${LOCAL}:${account.address}`, second.token)).map((s) => s.id)).toEqual([second.id])
    await expect(api.getSessions(`${LOCAL}:${account.address}`, token)).rejects.toMatchObject({ status: 401 })
  })
})
