import { createModalController } from '../controllers/ModalController'
import { type Stores, storeOf } from '../controllers/stores'

/**
 * Starts the account's journey beyond connecting (sending and the refreshes after it) without
 * weighing on the first load: its wiring (`walletJourneyWiring.ts`) loads in a chunk of its own,
 * fetched when the modal preloads and wired on its first open (only the modal sends). Returns a
 * stop function, which also undoes the wiring once it is in place.
 *
 * @example
 * const stop = startWalletJourney(stores)   // done by createPortico
 */
export function startWalletJourney(stores: Stores): () => void {
  const ModalController = storeOf(stores, createModalController)
  let stopped = false
  let stopWired: (() => void) | undefined
  const stopPreload = ModalController.onPreload(() => import('./walletJourneyWiring'))
  const stopOnOpen = ModalController.onOpen(() => {
    stopOnOpen()
    void import('./walletJourneyWiring').then(({ wireWalletJourney }) => {
      if (!stopped) stopWired = wireWalletJourney(stores)
    })
  })
  return () => {
    stopped = true
    stopPreload()
    stopOnOpen()
    stopWired?.()
  }
}
