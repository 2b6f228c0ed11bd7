import { createStores } from './stores'

/**
 * The stores every Portico on the page uses while the stores' callers move to their own
 * Portico's set (`portico.stores`, `useStores()`): the one set `createPortico` hands out until
 * each caller reads its Portico's. The module-level `XController` names read it.
 */
export const pageStores = createStores()
