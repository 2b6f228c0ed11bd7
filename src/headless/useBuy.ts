import { useCallback, useEffect, useState } from 'react'
import { useStore } from './useStore'
import { createAccountController } from '../controllers/AccountController'
import { createChainController } from '../controllers/ChainController'
import { type OnrampState, createOnrampController } from '../controllers/OnrampController'
import { errorOf, PorticoError } from '../errors/PorticoError'
import { ACCOUNT_MESSAGES } from '../errors/errorMessages'
import { usePorticoInstance, useControllers } from '../react/PorticoContext'
import { asPorticoError } from './asPorticoError'
import { useAccountFeatures } from './useAccountFeatures'

export type UseBuy = {
  /** The On-ramp view's state: currencies, amount and its limits, quote, purchases (newest first). */
  state: Readonly<OnrampState>
  setAmount(amount: string): Promise<void>
  setPaymentCurrency(id: string): void
  setPurchaseCurrency(id: string): void
  /** The provider's page for this purchase (open it in a new window); the purchases are then followed. */
  open(): Promise<string | undefined>
  /** The last failure, typed (`amountNotBuyable` for an amount outside the limits). */
  error: PorticoError | undefined
}

/**
 * Buying crypto (on-ramp) for the connected account: the amount within the provider's limits,
 * the quote, the provider's URL, and the purchases followed until they complete.
 *
 * @example
 * function Buy() {
 *   const buy = useBuy()
 *   return <button onClick={async () => { const url = await buy.open(); if (url) window.open(url) }}>Buy {buy.state.purchaseCurrency}</button>
 * }
 */
export function useBuy(): UseBuy {
  const [OnrampController, AccountController, ChainController] = useControllers(createOnrampController, createAccountController, createChainController)
  usePorticoInstance()
  const accountFeaturesReady = useAccountFeatures()
  const state = useStore(OnrampController.state) as Readonly<OnrampState>
  const [error, setError] = useState<PorticoError | undefined>(undefined)
  useEffect(() => {
    accountFeaturesReady()
      .then(() => OnrampController.loadOptions())
      .catch((failure: unknown) => setError(asPorticoError(failure)))
    return () => OnrampController.stopWatching()
  }, [])
  const open = useCallback(async () => {
    setError(undefined)
    const address = AccountController.getAccount('eip155')?.address
    const network = ChainController.getActiveNetwork('eip155')?.caipNetworkId
    if (!address || !network) {
      setError(errorOf(ACCOUNT_MESSAGES, 'noWallet'))
      return undefined
    }
    try {
      return await OnrampController.getProviderUrl({ address, caipNetworkId: network })
    } catch (failure) {
      setError(asPorticoError(failure))
      return undefined
    }
  }, [])
  return {
    state,
    setAmount: useCallback((amount: string) => OnrampController.setAmount(amount), []),
    setPaymentCurrency: useCallback((id: string) => OnrampController.setPaymentCurrency(id), []),
    setPurchaseCurrency: useCallback((id: string) => OnrampController.setPurchaseCurrency(id), []),
    open,
    error,
  }
}
