import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createWalletClient, erc20Abi, http, parseUnits } from 'viem'
import { start as startBackend, type RunningBackend } from '../../dev/backend/start'
import { DEV_ACCOUNTS, DEV_TOKENS } from '../../dev/chain/devChains'
import { start as startChains, type DevChainStack } from '../../dev/chain/start'
import { BlockchainApi } from '../../src/api/BlockchainApi'
import { FAILED_TO_FETCH_BALANCES, createTokenBalancesController } from '../../src/controllers/TokenBalancesController'
import { testStore } from '../support/testStores'

const TokenBalancesController = testStore(createTokenBalancesController)

let chains: DevChainStack
let backend: RunningBackend
beforeAll(async () => {
  chains = await startChains({ chains: [{ id: 31337, name: 'Portico Local' }] })
  backend = await startBackend({ chains: chains.chains })
})
afterAll(async () => {
  await backend.stop()
  await chains.stop()
})

const api = () => new BlockchainApi({ baseUrl: backend.url, projectId: 'portico-test', sdkType: 'portico', sdkVersion: 'test' })
const user = DEV_ACCOUNTS[0]!
const [PUSD] = DEV_TOKENS as [(typeof DEV_TOKENS)[0]]

beforeEach(() => {
  TokenBalancesController.reset()
  TokenBalancesController.setClient(undefined)
})

describe('TokenBalancesController against the reference backend', () => {
  it('loads the seeded balances with their values', async () => {
    TokenBalancesController.setClient(api())
    await TokenBalancesController.fetch(user, 'eip155:31337')
    const { balances, loading, error } = TokenBalancesController.state
    expect({ loading, error }).toEqual({ loading: false, error: undefined })
    expect(balances.map((b) => [b.symbol, b.quantity.numeric, b.value])).toEqual([
      ['ETH', expect.stringMatching(/^1000\d\.\d+$/), expect.any(Number)],
      ['PUSD', '925', 925],
      ['PGLD', '2.5', 6000],
    ])
    expect(balances[1]?.address).toBe(`eip155:31337:${PUSD.address}`)
  })

  it('runs a fetch asked for before the client was set once it is', async () => {
    await TokenBalancesController.fetch(user, 'eip155:31337')
    expect(TokenBalancesController.state.balances).toEqual([])
    TokenBalancesController.setClient(api())
    await expect.poll(() => TokenBalancesController.state.balances.length).toBe(3)
  })

  it('reads past the client cache with force, after a transfer', async () => {
    const client = api()
    TokenBalancesController.setClient(client)
    await TokenBalancesController.fetch(user, 'eip155:31337')
    const wallet = createWalletClient({ transport: http(chains.url) })
    await wallet.writeContract({ chain: null, account: user, address: PUSD.address, abi: erc20Abi, functionName: 'transfer', args: [DEV_ACCOUNTS[7]!, parseUnits('5', 6)] })
    await TokenBalancesController.fetch(user, 'eip155:31337')
    expect(TokenBalancesController.state.balances.find((b) => b.symbol === 'PUSD')?.quantity.numeric).toBe('925') // cached 30 s
    await TokenBalancesController.fetch(user, 'eip155:31337', { force: true })
    expect(TokenBalancesController.state.balances.find((b) => b.symbol === 'PUSD')?.quantity.numeric).toBe('920')
  })

  it('says so when the balances cannot be loaded', async () => {
    TokenBalancesController.setClient(api())
    await TokenBalancesController.fetch(user, 'eip155:1') // not served by this backend: no balances, no error
    expect(TokenBalancesController.state).toMatchObject({ balances: [], error: undefined })
    TokenBalancesController.setClient(new BlockchainApi({ baseUrl: backend.url, projectId: '', sdkType: 'portico', sdkVersion: 'test' }))
    await TokenBalancesController.fetch(user, 'eip155:31337')
    expect(TokenBalancesController.state).toMatchObject({ balances: [], error: FAILED_TO_FETCH_BALANCES, loading: false })
  })
})
