import { createLocaleController } from '../controllers/LocaleController'
import { createModalController } from '../controllers/ModalController'
import type { View } from '../controllers/RouterController'
import { loadAccountView, loadConnectView } from './entryViews'
import { loadMessages } from './i18n/messages'
import { type Stores, storeOf } from '../controllers/stores'

type ModalModule = typeof import('./Modal/Modal')

let shell: Promise<ModalModule> | undefined
let loadedShell: ModalModule | undefined

/** The loads besides the shell that the first paint on `view` waits for. */
function viewLoads(stores: Stores, view: View): Promise<unknown>[] {
  const LocaleController = storeOf(stores, createLocaleController)
  const entry = view === 'Connect' || view === 'ConnectWallets' ? loadConnectView : view === 'Account' ? loadAccountView : undefined
  return [loadMessages(LocaleController.state.locale), ...(entry ? [entry()] : [])]
}

/**
 * Starts, side by side, every load the first paint of the modal on `view` waits for, and returns
 * the modal shell's. The others are the active locale's messages and the view's chunk (Connect or
 * Account; other views load with the router). Left to the shell, they would load one after
 * another (the shell renders, asks for the messages, then for the view), a round trip each.
 * Loads are shared between calls; a failed one is tried again by the next call.
 */
export function loadModal(stores: Stores, view: View): Promise<ModalModule> {
  shell ??= import('./Modal/Modal').then(
    (module) => (loadedShell = module),
    (error: unknown) => {
      shell = undefined
      throw error
    },
  )
  // Their failures surface where they are used (the messages hook, the router), not here.
  for (const load of viewLoads(stores, view)) load.catch(() => undefined)
  return shell
}

/** The modal shell's module if it has loaded: rendered directly, it does not suspend (see `viewLoader`). */
export function loadedModal(): ModalModule | undefined {
  return loadedShell
}

/**
 * Loads what the first open of the modal on `view` needs, so that the open paints without a
 * round trip, and what the open's listeners load (`ModalController.preload`). Never rejects: a failed load is tried again when the modal opens.
 *
 * @example
 * button.addEventListener('pointerenter', () => void preloadModal(portico.stores, 'Connect'))
 */
export async function preloadModal(stores: Stores, view: View = 'Connect'): Promise<void> {
  const ModalController = storeOf(stores, createModalController)
  ModalController.preload() // what the open's listeners load: the listing client, the send journey
  await Promise.allSettled([loadModal(stores, view), ...viewLoads(stores, view)])
}
