/** A store with its own way back to the initial state. */
export type ResettableStore = { reset(): void }

const started = new Set<ResettableStore>()

/**
 * Marks stores as used by the running Portico, so that its `destroy()` puts them back to their
 * initial state. Called by what starts a feature (`createPortico`, a feature's start, a chunk's
 * wiring), never at import time: a store whose chunk never loaded holds nothing to reset, and
 * nothing has to import it.
 *
 * @example
 * usesStores(SolanaAccountController, SolanaSendController)   // in wireSolana
 */
export function usesStores(...stores: ResettableStore[]): void {
  for (const store of stores) started.add(store)
}

/**
 * Puts every store marked since the last call back to its initial state, and forgets them. One
 * that throws does not keep the others from resetting. What the stores persisted (the storage)
 * is not touched: a later `createPortico` restores from it.
 */
export function resetStartedStores(): void {
  const stores = [...started]
  started.clear()
  for (const store of stores) {
    try {
      store.reset()
    } catch {
      // A store that failed to reset must not keep the rest from resetting.
    }
  }
}
