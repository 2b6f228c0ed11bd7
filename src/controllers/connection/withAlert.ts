import type { AlertCode } from '../../errors/AlertCatalogue'
import type { Stores } from '../stores'

/**
 * A failure of the embedded wallet that the alert catalogue explains (the secure site's frame
 * did not load or answer, a refused origin) also opens its alert, before the failure reaches the
 * caller. The alert store and its catalogue load with such a failure (the modal's shell has them
 * already; a headless first load does without).
 *
 * @example
 * const action = await withAlert(stores, auth.connectEmail(email))   // a frame that never answers: its alert, then the throw
 */
export function withAlert<T>(stores: Stores, run: Promise<T>): Promise<T> {
  return run.catch(async (error: unknown) => {
    const alert = (error as { alert?: AlertCode } | undefined)?.alert
    if (alert) stores.get((await import('../AlertController')).createAlertController).showCode(alert)
    throw error
  })
}
