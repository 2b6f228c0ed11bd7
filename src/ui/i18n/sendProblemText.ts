import type { SendProblem } from '../../controllers/SendController'
import { type ErrorParams, MODAL_ERROR_CODES, type ModalErrorCode } from '../../errors/errorMessages'
import type { Strings } from './en'
import { noticeText } from './errorText'

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

const modalCodes = new Set<string>(MODAL_ERROR_CODES)

/**
 * A send store's refusal in the active locale: by its code when the locales word it (no wallet
 * connected, sending not set up, a code the modal shows such as `connectSolanaFirst`, its parameters
 * filled in), else in the words it came with (a wallet's or a node's).
 *
 * @example
 * sendErrorText(SolanaSendController.state, m)
 */
export function sendErrorText(state: { error?: string | undefined; errorCode?: string | undefined; errorParams?: ErrorParams | undefined }, m: Strings): string | undefined {
  const code = state.errorCode
  if (code === undefined) return state.error
  const key = ERROR_WORDS[code]
  if (key) return m.sendProblems[key]
  return modalCodes.has(code) ? noticeText(code as ModalErrorCode, state.errorParams, m) : state.error
}
