import { afterEach, describe, expect, it } from 'vitest'
import { BlockchainApi } from '../api/BlockchainApi'
import { limitsOf, onrampAmountProblem, createOnrampController } from './OnrampController'
import { testStore } from '../../tests/support/testStores'

const OnrampController = testStore(createOnrampController)

afterEach(() => OnrampController.reset())

describe('OnrampController', () => {
  it('takes the widest limits of a currency’s payment methods', () => {
    const options = { paymentCurrencies: [{ id: 'USD', limits: [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'bank', min: '20.00', max: '25000.00' }] }], purchaseCurrencies: [] }
    expect(limitsOf(options, 'USD')).toEqual({ min: 10, max: 25000 })
    expect(limitsOf(options, 'EUR')).toBeUndefined()
  })

  it('says what is wrong with an amount', () => {
    const limits = { min: 10, max: 25000 }
    expect(onrampAmountProblem('', limits)).toBe('empty')
    expect(onrampAmountProblem('1e3', limits)).toBe('not-a-number')
    expect(onrampAmountProblem('10.001', limits)).toBe('not-a-number')
    expect(onrampAmountProblem('9.99', limits)).toBe('below-min')
    expect(onrampAmountProblem('25000.01', limits)).toBe('above-max')
    expect(onrampAmountProblem('10', limits)).toBeUndefined()
    expect(onrampAmountProblem(' 25000.00 ', limits)).toBeUndefined()
  })

  it('falls back to the built-in options (card 10–7500, bank 10–25000; USD, EUR) when the backend cannot be reached', async () => {
    // Port 9 on loopback: nothing listens, the connection is refused at once.
    OnrampController.setClient(new BlockchainApi({ baseUrl: 'http://127.0.0.1:9', projectId: 'p', sdkType: 'portico', sdkVersion: 'test' }))
    await OnrampController.loadOptions()
    const s = OnrampController.state
    expect(s.options?.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    expect(s.limits).toEqual({ min: 10, max: 25000 })
    await OnrampController.setAmount('5')
    expect(s.amountProblem).toBe('below-min')
    expect(s.quote).toBeUndefined()
    // A valid amount gets the built-in quote, which promises nothing it cannot know.
    await OnrampController.setAmount('100')
    expect(s.quote?.purchaseAmount.value).toBe('0')
    expect(s.quote?.paymentTotal).toEqual({ value: '100', currency: 'USD' })
  }, 20_000)

  it('offers the configured providers, or the default one', () => {
    OnrampController.setProviders(['coinbase', 'meld'])
    expect(OnrampController.state.providers).toEqual(['coinbase', 'meld'])
    OnrampController.setProviders([])
    expect(OnrampController.state.providers).toEqual(['local'])
  })
})
