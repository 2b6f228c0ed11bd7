import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPublicClient, erc20Abi, http, parseEther, type Address } from 'viem'
import { start as startBackend, type RunningBackend } from '../../dev/backend/start'
import { DEV_ACCOUNTS, DEV_TOKENS } from '../../dev/chain/devChains'
import { start as startChains, type DevChainStack } from '../../dev/chain/start'
import { createDevWallet } from '../../dev/wallet/DevWallet'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { BlockchainApi } from '../../src/api/BlockchainApi'
import { createWalletSendClient } from '../../src/connectors/walletSendClient'
import { createAccountController } from '../../src/controllers/AccountController'
import { createChainController } from '../../src/controllers/ChainController'
import { createFeatureClients } from '../../src/services/featureClients'

import { MAX_GAS_RESERVE, QUOTE_DEBOUNCE_MS, QUOTE_TTL_MS, createSwapController } from '../../src/controllers/SwapController'
import { testStore, resetAllStores } from '../support/testStores'

const featureClients = testStore(createFeatureClients)

const AccountController = testStore(createAccountController)
const ChainController = testStore(createChainController)
const SwapController = testStore(createSwapController)

let chains: DevChainStack
let backend: RunningBackend
const [PUSD] = DEV_TOKENS as [(typeof DEV_TOKENS)[0]]
const key = hardhatDevPrivateKeys[6]!
const owner = DEV_ACCOUNTS[6]!
const ETH_CAIP = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

beforeAll(async () => {
  chains = await startChains({ chains: [{ id: 31337, name: 'Swap store test' }] })
  backend = await startBackend({ chains: chains.chains })
}, 60_000)
afterAll(async () => {
  await backend?.stop()
  await chains?.stop()
})

/** The real API client, counting the quotes it is asked for. */
let quoteCalls: string[]
beforeEach(async () => {
  resetAllStores()
  const chain = chains.chains[0]!
  const wallet = createDevWallet({ chains: [chain], accounts: [key], storage: null, approve: async () => true })
  await wallet.provider.request({ method: 'eth_requestAccounts' })
  const api = new BlockchainApi({ baseUrl: backend.url, projectId: 'p', sdkType: 'portico', sdkVersion: 'test', swapChainIds: [31337] })
  quoteCalls = []
  const fetchSwapQuote = api.fetchSwapQuote.bind(api)
  api.fetchSwapQuote = (params) => {
    quoteCalls.push(params.amount)
    return fetchSwapQuote(params)
  }
  featureClients.blockchain = api
  featureClients.wallet = createWalletSendClient(() => wallet.provider)
  ChainController.setNetworks([{ id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: chain.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } }])
  AccountController.setAccount({ namespace: 'eip155', address: owner, type: 'eoa' })
  await SwapController.start()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('SwapController on a local chain and the reference backend', () => {
  it('lists the tokens with the chain’s balances and picks the first two', async () => {
    const s = SwapController.state
    expect(s.tokens.map((t) => t.symbol)).toEqual(['ETH', 'PUSD', 'PGLD'])
    expect(s.tokens[0]!.balance).toBe(await createPublicClient({ transport: http(chains.url) }).getBalance({ address: owner }))
    expect(s.tokens[1]!.balance).toBe(0n)
    expect([s.from, s.to]).toEqual([ETH_CAIP, `eip155:31337:${PUSD.address}`])
  })

  it(`quotes once, ${QUOTE_DEBOUNCE_MS} ms after the last keystroke`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    SwapController.setAmount('0.1')
    vi.advanceTimersByTime(300)
    SwapController.setAmount('0.15')
    vi.advanceTimersByTime(QUOTE_DEBOUNCE_MS - 1)
    expect(quoteCalls).toEqual([])
    vi.advanceTimersByTime(1)
    vi.useRealTimers()
    await vi.waitFor(() => expect(SwapController.state.quote).toBeDefined())
    expect(quoteCalls).toEqual([String(parseEther('0.15'))])
    expect(SwapController.state.quote).toMatchObject({ amountIn: parseEther('0.15'), needsApproval: false })
    const { amountOut, minimumOut, priceImpact, networkFee } = SwapController.state.quote!
    expect(minimumOut).toBe((amountOut * 99n) / 100n)
    expect(priceImpact).toBeGreaterThan(0.3) // the 0.3 % fee plus the pool's own impact
    expect(priceImpact).toBeLessThan(0.5)
    expect(networkFee).toBeGreaterThan(0n)
  })

  it(`Max keeps gas back on the native currency; a quote older than ${QUOTE_TTL_MS / 1000} s must be fetched again`, async () => {
    SwapController.setMax()
    const eth = SwapController.state.tokens[0]!
    const instant = BigInt((await featureClients.blockchain!.fetchGasPrice({ caipNetworkId: 'eip155:31337' })).instant)
    // Exactly the balance less 300 000 gas at twice the instant price.
    expect(eth.balance! - parseEther(SwapController.state.amount)).toBe(MAX_GAS_RESERVE * 2n * instant)

    SwapController.setAmount('0.01')
    await SwapController.fetchQuote()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(SwapController.state.quote!.quotedAt + QUOTE_TTL_MS + 1)
    expect(await SwapController.review()).toBe(false)
    expect(SwapController.state.problem).toBe('quote-expired')
    vi.useRealTimers()
    await SwapController.fetchQuote()
    expect(SwapController.state.problem).toBeUndefined()
    expect(await SwapController.review()).toBe(true)
    expect(SwapController.state.preview?.kind).toBe('swap')
  })

  it('names insufficient balance and insufficient liquidity', async () => {
    SwapController.setAmount('20000')
    await SwapController.fetchQuote()
    expect(SwapController.state.problem).toBe('insufficient-balance')
    expect(await SwapController.review()).toBe(false)
    SwapController.setAmount('0.000000000000000001')
    await SwapController.fetchQuote()
    expect(SwapController.state.problem).toBe('insufficient-liquidity')
    expect(SwapController.state.quote).toBeUndefined()
  })

  it('swaps ETH for PUSD and reports exactly what arrived on chain', async () => {
    const node = createPublicClient({ transport: http(chains.url) })
    const before = await node.readContract({ address: PUSD.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner as Address] })
    SwapController.setAmount('0.2')
    await SwapController.fetchQuote()
    expect(await SwapController.review()).toBe(true)
    await SwapController.confirm()
    expect(SwapController.state).toMatchObject({ step: 'done', error: undefined, paid: parseEther('0.2') })
    const after = await node.readContract({ address: PUSD.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner as Address] })
    expect(SwapController.state.received).toBe(after - before)
    expect(SwapController.state.received).toBe(SwapController.state.quote!.amountOut)
  })
})
