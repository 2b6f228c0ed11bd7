import { createSnackbarController } from '../controllers/SnackbarController'
import { currentMessages } from './i18n/messages'
import { type Stores, storeOf } from '../controllers/stores'

/** Copies `text` and confirms with a snackbar ('Address copied'), or reports the failure. */
export async function copyText(stores: Stores, text: string, confirmation: string): Promise<void> {
  const SnackbarController = storeOf(stores, createSnackbarController)
  try {
    await navigator.clipboard.writeText(text)
    SnackbarController.showSuccess(confirmation)
  } catch {
    SnackbarController.showError(currentMessages(stores)?.copyFailed ?? 'Could not copy')
  }
}
