import { subscribe } from 'valtio/vanilla'
import { createAccountController } from '../controllers/AccountController'
import { createModalController } from '../controllers/ModalController'
import { type Stores, storesOf } from '../controllers/stores'

/**
 * Starts the Account view's features (remote configuration, buying, names) for the backend at
 * `apiUrl`, without weighing on the first load: the work (`accountFeatures.ts`) loads in its own
 * chunk on the first open of the modal, or as soon as an EVM account is connected (its name is
 * shown on the account button before any open). Without `apiUrl` nothing happens. Returns a stop
 * function.
 *
 * @example
 * const stop = startAccountFeatures({ apiUrl: 'http://127.0.0.1:8787' })   // done by createPortico
 */
export function startAccountFeatures(stores: Stores, options: { apiUrl?: string | undefined }): () => void {
  const [AccountController, ModalController] = storesOf(stores, createAccountController, createModalController)
  const { apiUrl } = options
  if (!apiUrl) return () => {}
  let stopped = false
  let stopWired: (() => void) | undefined
  let loading = false
  const load = (openedAlready: boolean) => {
    if (loading) return
    loading = true
    stopFirstOpen()
    stopAccount()
    void import('../accountFeatures').then(({ wireAccountFeatures }) => {
      if (!stopped) stopWired = wireAccountFeatures(stores, apiUrl, { openedAlready })
    })
  }
  const stopFirstOpen = ModalController.onOpen(() => load(true))
  const stopPreload = ModalController.onPreload(() => import('../accountFeatures'))
  const stopAccount = subscribe(AccountController.state, () => {
    if (AccountController.getAccount('eip155')) load(false)
  })
  if (AccountController.getAccount('eip155')) load(false)
  return () => {
    stopped = true
    stopFirstOpen()
    stopPreload()
    stopAccount()
    stopWired?.()
  }
}
