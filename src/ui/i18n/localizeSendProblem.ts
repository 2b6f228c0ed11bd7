import { SEND_PROBLEMS } from '../../controllers/SendController'
import type { Strings } from './en'

type FixedProblem = Exclude<keyof typeof SEND_PROBLEMS, 'tooManyDecimals'>

/**
 * The Send form's refusal in the active locale: SendController sets the seed's English words
 * (they stay its API); the form shows the locale's. Any other text (a wallet's or a node's own
 * words) is shown as it came.
 *
 * @example
 * localizeSendProblem(SendController.state.problems.amount, m, token)
 */
export function localizeSendProblem(text: string, m: Strings, token?: { symbol: string; decimals: number }): string {
  if (token && text === SEND_PROBLEMS.tooManyDecimals(token.symbol, token.decimals)) return m.sendProblems.tooManyDecimals(token.symbol, token.decimals)
  for (const key of Object.keys(SEND_PROBLEMS) as (keyof typeof SEND_PROBLEMS)[]) {
    if (key !== 'tooManyDecimals' && SEND_PROBLEMS[key] === text) return m.sendProblems[key as FixedProblem]
  }
  return text
}
