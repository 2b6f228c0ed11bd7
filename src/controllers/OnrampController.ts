
import { storeOf } from './stores'
import { proxy } from 'valtio/vanilla'
import { errorOf } from '../errors/PorticoError'
import { ACCOUNT_MESSAGES } from '../errors/errorMessages'
import { SETUP_MESSAGES } from '../errors/setupMessages'

/** A payment limit of one method (card, bank) in the payment currency, as decimal text. */
export type OnrampLimit = { id: string; min: string; max: string }

/** What the on-ramp options endpoint offers (or the built-in fallback when it cannot be reached). */
export type OnrampOptions = {
  paymentCurrencies: { id: string; limits: OnrampLimit[] }[]
  purchaseCurrencies: { id: string; name: string; symbol: string; networks: { name: string; display_name: string; chain_id: string }[] }[]
}

type Money = { value: string; currency: string }
/** A quote for the amount typed: what it buys and what it costs. */
export type OnrampQuote = { paymentTotal: Money; paymentSubtotal: Money; purchaseAmount: Money; coinbaseFee: Money; networkFee: Money; quoteId: string }

/** A purchase as the provider reports it: pending until the coins are sent, then completed (or failed). */
export type OnrampPurchase = {
  id: string
  caipAddress: string
  paymentCurrency: string
  paymentAmount: string
  purchaseCurrency: string
  purchaseAmount: string
  status: 'pending' | 'completed' | 'failed'
  txHash: string | null
  createdAt: number
}

/** The part of the blockchain client buying uses; handed in with `setClient`. */
export type OnrampClient = {
  getOnrampOptions(): Promise<OnrampOptions>
  getOnrampQuote(params: { purchaseCurrency: { id: string }; paymentCurrency: { id: string }; amount: string; network?: string }): Promise<OnrampQuote>
  generateOnRampUrl(params: {
    destinationWallets: { address: string; blockchains?: string[]; assets?: string[] }[]
    partnerUserId: string
    defaultNetwork?: string
    paymentAmount?: number
    paymentCurrency?: string
  }): Promise<string>
  fetchOnrampPurchases(caipAddress: string): Promise<OnrampPurchase[]>
}

/** Why the typed amount cannot be bought: nothing typed, not a number, or outside the limits. */
export type OnrampAmountProblem = 'empty' | 'not-a-number' | 'below-min' | 'above-max'

export type OnrampState = {
  options: OnrampOptions | undefined
  /** Provider ids the project offers (from the remote configuration); one row each. */
  providers: string[]
  paymentCurrency: string
  purchaseCurrency: string
  amount: string
  /** The limits of the payment currency: the lowest minimum and the highest maximum of its methods. */
  limits: { min: number; max: number } | undefined
  amountProblem: OnrampAmountProblem | undefined
  quote: OnrampQuote | undefined
  quoting: boolean
  /** Set while the provider URL is being made. */
  opening: boolean
  error: string | undefined
  /** The account's purchases, newest first; polled while one is pending. */
  purchases: OnrampPurchase[]
}

/** The provider id of the reference backend's dev provider, offered when the configuration names none. */
export const DEFAULT_ONRAMP_PROVIDERS: readonly string[] = ['local']
/** How often pending purchases are asked about, and for how long at most after the last call. */
export const PURCHASE_POLL_MS = 2_000
export const PURCHASE_POLL_LIMIT_MS = 10 * 60_000
export const FAILED_TO_OPEN_PROVIDER = 'The provider could not be opened'

const initial = (): OnrampState => ({
  options: undefined, providers: [...DEFAULT_ONRAMP_PROVIDERS], paymentCurrency: 'USD', purchaseCurrency: 'ETH', amount: '', limits: undefined,
  amountProblem: undefined, quote: undefined, quoting: false, opening: false, error: undefined, purchases: [],
})

/** The widest limits of a payment currency's methods (card 10–7500 and bank 10–25000 give 10–25000). */
export function limitsOf(options: OnrampOptions | undefined, currency: string): { min: number; max: number } | undefined {
  const limits = options?.paymentCurrencies.find((c) => c.id === currency)?.limits ?? []
  if (limits.length === 0) return undefined
  return { min: Math.min(...limits.map((l) => Number(l.min))), max: Math.max(...limits.map((l) => Number(l.max))) }
}

/** What is wrong with `amount` for these limits, if anything. */
export function onrampAmountProblem(amount: string, limits: { min: number; max: number } | undefined): OnrampAmountProblem | undefined {
  if (amount.trim() === '') return 'empty'
  if (!/^\d+(\.\d{1,2})?$/.test(amount.trim())) return 'not-a-number'
  const value = Number(amount)
  if (limits && value < limits.min) return 'below-min'
  if (limits && value > limits.max) return 'above-max'
  return undefined
}

/**
 * Buying crypto through an on-ramp provider: the currencies and limits (the backend's, or the
 * built-in card 10–7500 / bank 10–25000 when it cannot be reached), a quote for the amount, the
 * provider's URL for the purchase, and the account's purchases, polled until none is pending.
 *
 * @example
 * OnrampController.setClient(blockchainApi)
 * await OnrampController.loadOptions()
 * await OnrampController.setAmount('100')          // quote in state.quote
 * const url = await OnrampController.getProviderUrl({ address, caipNetworkId: 'eip155:31337' })
 */
export function createOnrampController() {
  let client: OnrampClient | undefined
  let quoteSeq = 0
  let poll: { caipAddress: string; timer: ReturnType<typeof setTimeout> | undefined; until: number } | undefined
  const completedListeners = new Set<(purchase: OnrampPurchase) => void>()

  function requireClient(): OnrampClient {
    if (!client) throw errorOf(SETUP_MESSAGES, 'noClient', { store: 'OnrampController' })
    return client
  }

  const OnrampController = {
    state: proxy<OnrampState>(initial()),

    setClient(next: OnrampClient | undefined) {
      client = next
    },

    /** The provider ids the project offers; none given means the default provider. */
    setProviders(ids: readonly string[] | undefined) {
      OnrampController.state.providers = ids && ids.length > 0 ? [...ids] : [...DEFAULT_ONRAMP_PROVIDERS]
    },

    /** Loads the currencies and limits (once; the client falls back to the built-in ones). */
    async loadOptions(): Promise<void> {
      const s = OnrampController.state
      if (s.options) return
      s.options = await requireClient().getOnrampOptions()
      if (!s.options.paymentCurrencies.some((c) => c.id === s.paymentCurrency)) s.paymentCurrency = s.options.paymentCurrencies[0]?.id ?? s.paymentCurrency
      if (!s.options.purchaseCurrencies.some((c) => c.id === s.purchaseCurrency)) s.purchaseCurrency = s.options.purchaseCurrencies[0]?.id ?? s.purchaseCurrency
      s.limits = limitsOf(s.options, s.paymentCurrency)
      if (s.amount) s.amountProblem = onrampAmountProblem(s.amount, s.limits)
    },

    setPaymentCurrency(id: string) {
      const s = OnrampController.state
      s.paymentCurrency = id
      s.limits = limitsOf(s.options, id)
      return OnrampController.setAmount(s.amount)
    },

    setPurchaseCurrency(id: string) {
      OnrampController.state.purchaseCurrency = id
      return OnrampController.setAmount(OnrampController.state.amount)
    },

    /** Takes the typed amount; a valid one is quoted (the newest answer wins). */
    async setAmount(amount: string): Promise<void> {
      const s = OnrampController.state
      s.amount = amount
      s.amountProblem = onrampAmountProblem(amount, s.limits)
      s.error = undefined
      const seq = ++quoteSeq
      if (s.amountProblem) {
        Object.assign(s, { quote: undefined, quoting: false })
        return
      }
      s.quoting = true
      try {
        const quote = await requireClient().getOnrampQuote({ purchaseCurrency: { id: s.purchaseCurrency }, paymentCurrency: { id: s.paymentCurrency }, amount: amount.trim() })
        if (seq === quoteSeq) s.quote = quote
      } finally {
        if (seq === quoteSeq) s.quoting = false
      }
    },

    /**
     * Asks the backend for the provider's URL for this purchase (the visitor completes it there),
     * and starts following the account's purchases. Throws when the amount is not buyable.
     */
    async getProviderUrl(params: { address: string; caipNetworkId: string }): Promise<string> {
      const s = OnrampController.state
      const problem = onrampAmountProblem(s.amount, s.limits)
      if (problem) throw errorOf(ACCOUNT_MESSAGES, 'amountNotBuyable', { problem })
      s.opening = true
      s.error = undefined
      try {
        const url = await requireClient().generateOnRampUrl({
          destinationWallets: [{ address: params.address, assets: [s.purchaseCurrency], blockchains: [params.caipNetworkId] }],
          partnerUserId: params.address,
          defaultNetwork: params.caipNetworkId,
          paymentAmount: Number(s.amount),
          paymentCurrency: s.paymentCurrency,
        })
        await OnrampController.watchPurchases(`${params.caipNetworkId}:${params.address}`)
        return url
      } catch (error) {
        s.error = FAILED_TO_OPEN_PROVIDER
        throw error
      } finally {
        s.opening = false
      }
    },

    /**
     * Reads the account's purchases now, and again every 2 s while one is pending (for 10 minutes
     * at most, a purchase abandoned on the provider's page stays pending). A purchase that turns
     * completed is reported to `onPurchaseCompleted` listeners (balances and activity refresh).
     */
    async watchPurchases(caipAddress: string, options: { again?: boolean } = {}): Promise<void> {
      if (poll?.caipAddress !== caipAddress) OnrampController.stopWatching()
      const current = (poll ??= { caipAddress, timer: undefined, until: 0 })
      if (!options.again) current.until = Date.now() + PURCHASE_POLL_LIMIT_MS
      clearTimeout(current.timer)
      const s = OnrampController.state
      let list: OnrampPurchase[]
      try {
        list = await requireClient().fetchOnrampPurchases(caipAddress)
      } catch {
        list = s.purchases // keep what is known; try again on the next tick
      }
      if (poll !== current) return
      const before = new Map(s.purchases.map((p) => [p.id, p.status]))
      s.purchases = list
      for (const purchase of list) {
        if (purchase.status === 'completed' && before.get(purchase.id) === 'pending') for (const listener of completedListeners) listener(purchase)
      }
      if (list.some((p) => p.status === 'pending') && Date.now() < current.until) {
        current.timer = setTimeout(() => void OnrampController.watchPurchases(caipAddress, { again: true }), PURCHASE_POLL_MS)
      }
    },

    stopWatching() {
      clearTimeout(poll?.timer)
      poll = undefined
    },

    /** Calls `listener` when a followed purchase completes. */
    onPurchaseCompleted(listener: (purchase: OnrampPurchase) => void): () => void {
      completedListeners.add(listener)
      return () => completedListeners.delete(listener)
    },

    reset() {
      OnrampController.stopWatching()
      quoteSeq++
      completedListeners.clear()
      Object.assign(OnrampController.state, initial())
    },
  }
  return OnrampController
}

/** A Portico's on-ramp store. */
export type OnrampController = ReturnType<typeof createOnrampController>
