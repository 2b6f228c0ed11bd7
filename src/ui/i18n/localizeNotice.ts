import { FAILED_TO_FETCH_TRANSACTIONS } from '../../controllers/TransactionsController'
import type { Strings } from './en'

/** The English words of the social login's and the embedded wallet's errors (thrown to the app as they are: its API). */
const SOCIAL_ERRORS = {
  popupClosed: 'Popup closed',
  socialFailed: 'Failed to initiate social connection',
  farcasterFailed: 'Failed to connect to farcaster',
  // EmbeddedWalletController's NoAuthConnectorError and NotConnectedToAuthError.
  noAuthConnector: 'No auth connector found',
  notConnectedToAuth: 'Not connected to email or social',
} as const
/** NamesController's ERROR_RESOLVING_NAME (not imported: the snackbar would load the names store). */
const ERROR_RESOLVING_NAME = 'Error resolving name'
const SOLANA_NODE = 'The Solana node could not be read: '

/**
 * A notice a controller shows in English (the seed's words, e.g. in a snackbar or a view's error
 * line), in the active locale. Texts it does not know (a wallet's or a node's own words) are shown
 * as they came.
 *
 * @example
 * localizeNotice(SnackbarController.state.message, m)
 */
export function localizeNotice(text: string, m: Strings): string {
  if (text === FAILED_TO_FETCH_TRANSACTIONS) return m.account.activityFailed
  if (text === ERROR_RESOLVING_NAME) return m.notices.nameResolve
  if (text.startsWith(SOLANA_NODE)) return m.notices.solanaNode(text.slice(SOLANA_NODE.length))
  for (const key of Object.keys(SOCIAL_ERRORS) as (keyof typeof SOCIAL_ERRORS)[]) {
    if (text === SOCIAL_ERRORS[key]) return m.notices[key]
  }
  return text
}
