import { describe, expect, it } from 'vitest'
import { bitcoinNetwork } from '../connectors/bitcoin/bitcoinNetworks'
import type { BitcoinSendClient } from '../connectors/bitcoin/BitcoinSendClient'
import { createBitcoinSendController } from './BitcoinSendController'
import { createChainController } from './ChainController'
import { createStores } from './stores'

const regtest = bitcoinNetwork('regtest', 'http://127.0.0.1:3002')

/** A Portico's set of stores on regtest. */
function regtestStores() {
  const stores = createStores()
  stores.get(createChainController).setNetworks([regtest])
  return stores
}

/** Only the fee rates are read here; the rest must not be reached. */
const unreached = () => Promise.reject(new Error('not reached'))
const feeRatesClient = (rates: { slow: number; normal: number; fast: number }): BitcoinSendClient => ({
  feeRates: async () => rates, build: unreached, send: unreached, confirm: unreached, balanceOf: unreached,
})

describe('createBitcoinSendController', () => {
  it('gives each Portico its own client: one set with a client reads fee rates, the other (none) does not', async () => {
    const one = regtestStores()
    const two = regtestStores()
    one.get(createBitcoinSendController).setClient(feeRatesClient({ slow: 1, normal: 2, fast: 5 }))
    await one.get(createBitcoinSendController).loadFeeRates()
    await two.get(createBitcoinSendController).loadFeeRates()
    expect(one.get(createBitcoinSendController).state.feeRates).toEqual({ slow: 1, normal: 2, fast: 5 })
    expect(two.get(createBitcoinSendController).state.feeRates).toBeUndefined()
  })

  it('reset forgets its own client and leaves the other set\'s', async () => {
    const one = regtestStores()
    const two = regtestStores()
    one.get(createBitcoinSendController).setClient(feeRatesClient({ slow: 1, normal: 1, fast: 1 }))
    two.get(createBitcoinSendController).setClient(feeRatesClient({ slow: 3, normal: 4, fast: 9 }))
    one.reset()
    await one.get(createBitcoinSendController).loadFeeRates()
    await two.get(createBitcoinSendController).loadFeeRates()
    expect(one.get(createBitcoinSendController).state.feeRates).toBeUndefined()
    expect(two.get(createBitcoinSendController).state.feeRates).toEqual({ slow: 3, normal: 4, fast: 9 })
  })
})
