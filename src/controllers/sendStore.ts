import { proxy } from 'valtio/vanilla'
import { latestRun } from '../rules/latestRun'
import { listeners } from '../rules/listeners'
import { backToForm, type SendReviewState } from './sendFlow'

/**
 * What every send store holds beside its chain's `review` and `confirm`: the state, the chain's
 * client, the latest-run guard, the listeners told once a transaction lands, and the moves that are
 * the same on every chain (back to the form, a fresh form, a reset). `missingClient` is the error
 * when the app set no client.
 *
 * @example
 * const { store, run, sent, client } = sendStore<SolanaSendState, SolanaSendClient>(initial, () => errorOf(ACCOUNT_MESSAGES, 'sendNotSetUp'))
 * export const SolanaSendController = { ...store, review, confirm }
 */
export function sendStore<State extends SendReviewState<unknown, unknown>, Client, Sent extends unknown[] = []>(initial: () => State, missingClient: () => Error) {
  const state = proxy<State>(initial())
  const run = latestRun()
  const sent = listeners<Sent>()
  let current: Client | undefined
  const start = () => {
    run.cancel()
    Object.assign(state, initial())
  }
  return {
    run,
    sent,
    /** The app's client; throws `missingClient()` when none is set. */
    client(): Client {
      if (current === undefined) throw missingClient()
      return current
    },
    /** The app's client, or `undefined` when none is set. */
    maybeClient: (): Client | undefined => current,
    store: {
      state,
      setClient(next: Client | undefined) {
        current = next
      },
      /** Back from the preview to the form, keeping nothing of the preview (the running review is cancelled). */
      edit() {
        run.cancel()
        backToForm(state)
      },
      /** Calls `listener` once a sent transaction lands (to refresh balances and activity). */
      onSent(listener: (...args: Sent) => void): () => void {
        return sent.on(listener)
      },
      /** A fresh form (the Send view calls it when it opens). */
      start,
      /** The initial state, no client and no listeners. */
      reset() {
        start()
        current = undefined
        sent.clear()
      },
    },
  }
}
