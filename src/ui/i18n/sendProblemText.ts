import type { SendProblem } from '../../controllers/SendController'
import type { Strings } from './en'

/**
 * A Send form's field problem in the active locale, by its code (`SendController.state.problemCodes`);
 * `token` fills in the decimals rule.
 *
 * @example
 * sendProblemText(SendController.state.problemCodes.amount, m, token) // 'Gib einen Betrag über null ein.' in German
 */
export function sendProblemText(code: SendProblem | undefined, m: Strings, token?: { symbol: string; decimals: number }): string | undefined {
  if (!code) return undefined
  return code === 'tooManyDecimals' ? m.sendProblems.tooManyDecimals(token?.symbol ?? '', token?.decimals ?? 0) : m.sendProblems[code]
}

/** The codes of a send store's refusals that the locales word (`sendProblems`). */
const ERROR_WORDS: Record<string, 'notConnected' | 'noClient'> = { connectWalletFirst: 'notConnected', sendNotSetUp: 'noClient' }

/**
 * A send store's refusal in the active locale: by its code when the locales word it (no wallet
 * connected, sending not set up), else in the words it came with (a wallet's or a node's).
 *
 * @example
 * sendErrorText(SolanaSendController.state, m)
 */
export function sendErrorText(state: { error?: string | undefined; errorCode?: string | undefined }, m: Strings): string | undefined {
  const key = state.errorCode === undefined ? undefined : ERROR_WORDS[state.errorCode]
  return key ? m.sendProblems[key] : state.error
}
