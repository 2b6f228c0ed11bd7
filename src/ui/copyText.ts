import { SnackbarController } from '../controllers/SnackbarController'
import { currentMessages } from './i18n/messages'

/** Copies `text` and confirms with a snackbar ('Address copied'), or reports the failure. */
export async function copyText(text: string, confirmation: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    SnackbarController.showSuccess(confirmation)
  } catch {
    SnackbarController.showError(currentMessages()?.copyFailed ?? 'Could not copy')
  }
}
