import { describe, expect, it } from 'vitest'
import { createAccountController } from '../controllers/AccountController'
import { createChainController } from '../controllers/ChainController'
import { createStores, type Stores } from '../controllers/stores'
import type { Network } from '../networks/Network'
import { createBalanceService } from './BalanceService'

const regtest: Network = { id: '0f9188f13cb7b2c71f2a335e3a4fc328', caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', chainNamespace: 'bip122', name: 'Bitcoin Regtest', nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }, rpcUrls: { default: { http: ['http://127.0.0.1:18443'] } } }
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'

/** A Portico with a Bitcoin account connected on regtest. */
function connected(): Stores {
  const stores = createStores()
  stores.get(createChainController).setNetworks([regtest])
  stores.get(createChainController).setActiveNetwork(regtest.caipNetworkId)
  stores.get(createAccountController).setAccount({ namespace: 'bip122', address: ADDRESS, type: 'payment' })
  return stores
}

describe('BalanceService: one per Portico', () => {
  it("reads a namespace's balance through its own Portico's reader into its own Portico's account", async () => {
    const [one, two] = [connected(), connected()]
    const asked: string[] = []
    one.get(createBalanceService).setReader('bip122', async (address) => (asked.push(address), 150_000_000n))
    await two.get(createBalanceService).refreshNamespace('bip122')
    expect(asked).toEqual([])
    expect(two.get(createAccountController).get('bip122')?.balance).toBeUndefined()
    await one.get(createBalanceService).refreshNamespace('bip122')
    expect(asked).toEqual([ADDRESS])
    expect(one.get(createAccountController).get('bip122')).toMatchObject({ balance: '1.5', balanceSymbol: 'BTC' })
    expect(two.get(createAccountController).get('bip122')?.balance).toBeUndefined()
  })
})
