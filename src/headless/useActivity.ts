import { useCallback, useEffect } from 'react'
import { useStore } from './useStore'
import { createAccountController } from '../controllers/AccountController'
import { createApiController } from '../controllers/ApiController'
import { createChainController } from '../controllers/ChainController'
import { type ActivityTransaction, createTransactionsController } from '../controllers/TransactionsController'
import { errorOf, PorticoError } from '../errors/PorticoError'
import { ERROR_MESSAGES } from '../errors/errorMessages'
import { usePorticoInstance, useControllers } from '../react/PorticoContext'

export type UseActivity = {
  /** The account's transactions on the active network, newest first (spam left out, as in the modal). */
  transactions: readonly ActivityTransaction[]
  loading: boolean
  /** More pages to load with `loadMore`. */
  hasMore: boolean
  loadMore(): Promise<void>
  /** The failure, typed (`activityFailed`, the code the modal translates). */
  error: PorticoError | undefined
}

/**
 * The connected account's activity (the Account view's Activity tab), loaded on first use and
 * after each send, page by page.
 *
 * @example
 * function Activity() {
 *   const { transactions, loading } = useActivity()
 *   return <ul aria-busy={loading}>{transactions.map((t) => <li key={t.id}>{t.metadata.minedAt}</li>)}</ul>
 * }
 */
export function useActivity(): UseActivity {
  const [ApiController, TransactionsController, AccountController, ChainController] = useControllers(createApiController, createTransactionsController, createAccountController, createChainController)
  usePorticoInstance()
  const activity = useStore(TransactionsController.state)
  const accounts = useStore(AccountController.state)
  const chain = useStore(ChainController.state)
  const address = accounts.byNamespace.eip155?.account?.address
  const network = ChainController.getActiveNetwork('eip155', chain)?.caipNetworkId

  const load = useCallback(async () => {
    await ApiController.load()
    const current = AccountController.getAccount('eip155')?.address
    if (current) await TransactionsController.fetchTransactions(current, ChainController.getActiveNetwork('eip155')?.caipNetworkId).catch(() => undefined)
  }, [])

  useEffect(() => {
    if (!address) return
    const s = TransactionsController.state
    if (s.accountAddress?.toLowerCase() !== address.toLowerCase() || s.caipNetworkId !== network) {
      TransactionsController.reset()
      void load()
    }
  }, [address, network, load])

  return {
    transactions: activity.accountAddress?.toLowerCase() === address?.toLowerCase() ? (activity.transactions as readonly ActivityTransaction[]) : [],
    loading: activity.loading,
    hasMore: activity.next !== undefined,
    loadMore: load,
    error: activity.errorCode ? errorOf(ERROR_MESSAGES, activity.errorCode, activity.errorParams ?? {}) : undefined,
  }
}
