import type { View } from '../controllers/RouterController'
import { preloadModal } from './preloadModal'
import { whenIdle } from './whenIdle'
import type { Stores } from '../controllers/stores'

/**
 * Preloads the modal (see `preloadModal`) once the page is idle, so that the first Connect click
 * paints at once; `view()` is read then, and the `portico:preload-modal` performance mark set (a
 * User Timing mark, so that a page's tools can tell these loads from the page's own). Skipped
 * when the visitor asked to save data: the loads then happen on hover, focus or open. Returns a
 * function that cancels it if it has not started.
 *
 * @example
 * const cancel = preloadWhenIdle(portico.stores, () => 'Connect')
 */
export function preloadWhenIdle(stores: Stores, view: () => View): () => void {
  return whenIdle(() => {
    performance.mark?.('portico:preload-modal')
    void preloadModal(stores, view())
  })
}
