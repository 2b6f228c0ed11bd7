import { describe, expect, it } from 'vitest'
import { BlockchainApi } from '../api/BlockchainApi'
import { createStores } from './stores'
import { createTokenBalancesController, FAILED_TO_FETCH_BALANCES } from './TokenBalancesController'

// Port 9 on loopback: nothing listens, so a read fails at once (and the store says so).
const unreachable = () => new BlockchainApi({ baseUrl: 'http://127.0.0.1:9', projectId: 'p', sdkType: 'portico', sdkVersion: 'test', retry: { delay: 5 } })
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('TokenBalancesController: one per Portico', () => {
  it("runs a fetch asked for before the client came when its own Portico's client comes, not another's", async () => {
    const [one, two] = [createStores().get(createTokenBalancesController), createStores().get(createTokenBalancesController)]
    await one.fetch(ADDRESS, 'eip155:31337')
    expect(one.state.address).toBeUndefined() // waiting for its client
    two.setClient(unreachable())
    expect(one.hasClient()).toBe(false)
    expect(two.state.loading).toBe(false)
    expect(two.state.address).toBeUndefined()
    one.setClient(unreachable())
    await expect.poll(() => one.state.error, { timeout: 10_000 }).toBe(FAILED_TO_FETCH_BALANCES)
    expect(one.state).toMatchObject({ address: ADDRESS, caipNetworkId: 'eip155:31337', loading: false })
    expect(two.state.error).toBeUndefined()
  })
})
