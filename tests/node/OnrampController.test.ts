import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS } from '../../dev/chain/devChains'
import { start as startChains, type DevChainStack } from '../../dev/chain/start'
import { start, type RunningBackend } from '../../dev/backend/start'
import { BlockchainApi } from '../../src/api/BlockchainApi'
import { createOnrampController, type OnrampPurchase } from '../../src/controllers/OnrampController'
import { testStore } from '../support/testStores'

const OnrampController = testStore(createOnrampController)

let chain: DevChainStack
let backend: RunningBackend
const buyer = DEV_ACCOUNTS[5]!

beforeAll(async () => {
  chain = await startChains({ seed: false })
  backend = await start({ chains: chain.chains })
})
afterAll(async () => {
  await backend?.stop()
  await chain?.stop()
})
afterEach(() => OnrampController.reset())

describe('OnrampController against the reference backend', () => {
  it('quotes, makes the provider URL, and follows the purchase until the provider has paid', async () => {
    OnrampController.setClient(new BlockchainApi({ baseUrl: backend.url, projectId: 'p', sdkType: 'portico', sdkVersion: 'test' }))
    await OnrampController.loadOptions()
    expect(OnrampController.state.limits).toEqual({ min: 10, max: 25000 })
    await OnrampController.setAmount('300')
    expect(OnrampController.state.quote?.purchaseAmount).toEqual({ value: '0.098333', currency: 'ETH' })
    const completed: OnrampPurchase[] = []
    OnrampController.onPurchaseCompleted((p) => completed.push(p))

    const url = await OnrampController.getProviderUrl({ address: buyer, caipNetworkId: 'eip155:31337' })
    expect(url.startsWith(`${backend.url}/onramp/widget/`)).toBe(true)
    expect(OnrampController.state.purchases).toEqual([expect.objectContaining({ status: 'pending', purchaseAmount: '0.098333', purchaseCurrency: 'ETH' })])

    // The visitor completes it on the provider's page; the next poll (2 s) sees it.
    const widget = new URL(url)
    await fetch(`${widget.origin}${widget.pathname}/complete`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: widget.search.slice(1) })
    await expect.poll(() => OnrampController.state.purchases[0]?.status, { timeout: 6_000, interval: 100 }).toBe('completed')
    expect(completed.map((p) => p.id)).toEqual([OnrampController.state.purchases[0]!.id])
    expect(OnrampController.state.purchases[0]!.txHash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('refuses to open the provider for an amount outside the limits', async () => {
    OnrampController.setClient(new BlockchainApi({ baseUrl: backend.url, projectId: 'p', sdkType: 'portico', sdkVersion: 'test' }))
    await OnrampController.loadOptions()
    await OnrampController.setAmount('26000')
    await expect(OnrampController.getProviderUrl({ address: buyer, caipNetworkId: 'eip155:31337' })).rejects.toThrow('The amount cannot be bought: above-max')
  })
})
