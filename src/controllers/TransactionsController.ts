
import { type Stores, storesOf } from './stores'
import { ACCOUNT_MESSAGES, ERROR_MESSAGES, type ErrorParams, type ModalErrorCode, NO_NOTICE, storeNotice } from '../errors/errorMessages'
import { proxy } from 'valtio/vanilla'
import { createChainController } from './ChainController'
import { createSnackbarController } from './SnackbarController'
import { errorOf } from '../errors/PorticoError'
import { SETUP_MESSAGES } from '../errors/setupMessages'

/** A history entry, as much as the activity list needs (the blockchain API's `Transaction` fits). */
export type ActivityTransaction = {
  id: string
  metadata: { minedAt: string; chain?: string | undefined; [key: string]: unknown }
  transfers: { nft_info?: { flags?: { is_spam: boolean } | undefined } | null | undefined; [key: string]: unknown }[]
}

/** The part of the blockchain client the activity list uses; handed in with `setClient`. */
export type TransactionsClient = {
  fetchTransactions(params: { account: string; caipNetworkId: string; cursor?: string }): Promise<{ data: ActivityTransaction[]; next: string | undefined }>
}

/** Transactions grouped by year, then month (0–11). */
export type TransactionsByYear = Record<number, Record<number, ActivityTransaction[]>>

export type TransactionsState = {
  transactions: ActivityTransaction[]
  transactionsByYear: TransactionsByYear
  loading: boolean
  /** True when the account has no (more) activity to show. */
  empty: boolean
  /** Cursor of the next page; undefined when there is none. */
  next: string | undefined
  error: string | undefined
  errorCode: ModalErrorCode | undefined
  errorParams: ErrorParams | undefined
  accountAddress: string | undefined
  caipNetworkId: string | undefined
}

export const NO_ACCOUNT_ADDRESS = ERROR_MESSAGES.noAccountAddress
export const FAILED_TO_FETCH_TRANSACTIONS = ERROR_MESSAGES.activityFailed

const initial = (): TransactionsState => ({
  transactions: [], transactionsByYear: {}, loading: false, empty: false, next: undefined, ...NO_NOTICE,
  accountAddress: undefined, caipNetworkId: undefined,
})

/** Whether every transfer of a transaction is an NFT flagged as spam. */
export function isSpam(transaction: ActivityTransaction): boolean {
  return transaction.transfers.length > 0 && transaction.transfers.every((t) => t.nft_info?.flags?.is_spam === true)
}

/**
 * Groups transactions by year then month of `minedAt` (UTC), each group newest first.
 *
 * @example
 * groupByYearAndMonth(list)[2026][10] // November 2026, newest first
 */
export function groupByYearAndMonth(transactions: readonly ActivityTransaction[], into: TransactionsByYear = {}): TransactionsByYear {
  const grouped: TransactionsByYear = {}
  for (const [year, months] of Object.entries(into)) {
    grouped[Number(year)] = Object.fromEntries(Object.entries(months).map(([month, list]) => [month, [...list]]))
  }
  for (const tx of transactions) {
    const date = new Date(tx.metadata.minedAt)
    const year = date.getUTCFullYear()
    const month = date.getUTCMonth()
    const months = (grouped[year] ??= {})
    const list = (months[month] ??= [])
    if (!list.some((t) => t.id === tx.id)) list.push(tx)
    list.sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
  }
  return grouped
}

/**
 * The account's activity: pages of history for the active network, spam dropped, grouped by
 * year and month. The client is handed in with `setClient`.
 *
 * @example
 * TransactionsController.setClient(blockchainApi)
 * await TransactionsController.fetchTransactions('0xf39F…')
 * await TransactionsController.fetchTransactions('0xf39F…') // the next page, from state.next
 */
export function createTransactionsController(stores: Stores) {
  const [SnackbarController, ChainController] = storesOf(stores, createSnackbarController, createChainController)
  let client: TransactionsClient | undefined
  let requestSeq = 0

  const TransactionsController = {
    state: proxy<TransactionsState>(initial()),

    setClient(next: TransactionsClient | undefined) {
      client = next
    },

    /**
     * Loads the next page (the first one when the account or network changed). Throws
     * 'Transactions can't be fetched without an accountAddress' without an address; a failed
     * request shows 'Failed to fetch transactions'.
     */
    async fetchTransactions(accountAddress: string | undefined, caipNetworkId?: string): Promise<void> {
      if (!accountAddress) throw errorOf(ACCOUNT_MESSAGES, 'noAccountAddress')
      if (!client) throw errorOf(SETUP_MESSAGES, 'noClient', { store: 'TransactionsController' })
      const network = caipNetworkId ?? ChainController.getActiveNetwork()?.caipNetworkId
      if (!network) throw errorOf(ACCOUNT_MESSAGES, 'noActiveNetwork')
      const s = TransactionsController.state
      if (s.accountAddress?.toLowerCase() !== accountAddress.toLowerCase() || s.caipNetworkId !== network) {
        Object.assign(s, initial(), { accountAddress, caipNetworkId: network })
      }
      const seq = ++requestSeq
      s.loading = true
      Object.assign(s, NO_NOTICE)
      try {
        const page = await client.fetchTransactions({ account: accountAddress, caipNetworkId: network, cursor: s.next })
        if (seq !== requestSeq) return // the account or network changed meanwhile
        const kept = page.data.filter((tx) => !isSpam(tx) && (tx.metadata.chain === undefined || tx.metadata.chain === network))
        const known = new Set(s.transactions.map((t) => t.id))
        const fresh = kept.filter((t) => !known.has(t.id))
        s.transactions = [...s.transactions, ...fresh]
        s.transactionsByYear = groupByYearAndMonth(fresh, s.transactionsByYear)
        s.next = page.data.length === 0 ? undefined : page.next
        s.empty = s.transactions.length === 0 && s.next === undefined
      } catch (error) {
        if (seq !== requestSeq) return
        Object.assign(s, storeNotice('activityFailed'))
        s.empty = s.transactions.length === 0
        s.next = undefined
        SnackbarController.show(FAILED_TO_FETCH_TRANSACTIONS, { variant: 'error', errorCode: 'activityFailed' })
      } finally {
        if (seq === requestSeq) s.loading = false
      }
    },

    /** Forgets the list (e.g. on disconnect); keeps the client. */
    reset() {
      requestSeq++
      Object.assign(TransactionsController.state, initial())
    },
  }
  return TransactionsController
}

/** A Portico's activity store. */
export type TransactionsController = ReturnType<typeof createTransactionsController>
