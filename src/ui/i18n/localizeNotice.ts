import { FAILED_TO_FETCH_TRANSACTIONS } from '../../controllers/TransactionsController'
import type { Strings } from './en'

/**
 * A notice a controller shows in English (the seed's words, e.g. in a snackbar), in the active
 * locale. Texts it does not know are shown as they came.
 *
 * @example
 * localizeNotice(SnackbarController.state.message, m)
 */
export function localizeNotice(text: string, m: Strings): string {
  return text === FAILED_TO_FETCH_TRANSACTIONS ? m.account.activityFailed : text
}
