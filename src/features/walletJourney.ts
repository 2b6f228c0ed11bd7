import { ModalController } from '../controllers/ModalController'

/**
 * Starts the account's journey beyond connecting (sending and the refreshes after it) without
 * weighing on the first load: its wiring (`walletJourneyWiring.ts`) loads in a chunk of its own,
 * fetched when the modal preloads and wired on its first open (only the modal sends). Returns a
 * stop function, which also undoes the wiring once it is in place.
 *
 * @example
 * const stop = startWalletJourney()   // done by createPortico
 */
export function startWalletJourney(): () => void {
  let stopped = false
  let stopWired: (() => void) | undefined
  const stopPreload = ModalController.onPreload(() => import('./walletJourneyWiring'))
  const stopOnOpen = ModalController.onOpen(() => {
    stopOnOpen()
    void import('./walletJourneyWiring').then(({ wireWalletJourney }) => {
      if (!stopped) stopWired = wireWalletJourney()
    })
  })
  return () => {
    stopped = true
    stopPreload()
    stopOnOpen()
    stopWired?.()
  }
}
