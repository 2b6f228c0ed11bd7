import { SEND_PROBLEMS } from '../../controllers/SendController'
import { FAILED_TO_FETCH_TRANSACTIONS } from '../../controllers/TransactionsController'
import type { Strings } from './en'

type FixedProblem = Exclude<keyof typeof SEND_PROBLEMS, 'tooManyDecimals'>

/**
 * The visitor's words, in the active locale, for a text a controller set in English (the seed's
 * words, which stay the controllers' API): the Send form's refusals and the activity error.
 * Any other text (a wallet's or a node's own words) is shown as it came.
 *
 * @example
 * localizeProblem(SendController.state.problems.amount, m, token)
 */
export function localizeProblem(text: string, m: Strings, token?: { symbol: string; decimals: number }): string {
  if (text === FAILED_TO_FETCH_TRANSACTIONS) return m.account.activityFailed
  if (token && text === SEND_PROBLEMS.tooManyDecimals(token.symbol, token.decimals)) return m.sendProblems.tooManyDecimals(token.symbol, token.decimals)
  for (const key of Object.keys(SEND_PROBLEMS) as (keyof typeof SEND_PROBLEMS)[]) {
    if (key !== 'tooManyDecimals' && SEND_PROBLEMS[key] === text) return m.sendProblems[key as FixedProblem]
  }
  return text
}
