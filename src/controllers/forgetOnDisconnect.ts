

/**
 * Makes a Portico's clean-ups of stores that live in lazy chunks (token balances, sending). What
 * starts such a store registers its clean-up and undoes the registration when it stops (nothing
 * registers at import time); `ConnectionController` runs them all, synchronously, when an account
 * is forgotten. A chunk that never loaded holds nothing to forget, so nothing has to be imported.
 *
 * @example
 * const cleanups = stores.get(createDisconnectCleanups)
 * const stop = cleanups.forgetOnDisconnect(() => TokenBalancesController.reset())   // in the feature's start
 * cleanups.runDisconnectCleanups()
 */
export function createDisconnectCleanups() {
  const cleanups = new Set<() => void>()

  return {
    /** Registers `cleanup`; returns the undo. */
    forgetOnDisconnect(cleanup: () => void): () => void {
      cleanups.add(cleanup)
      return () => void cleanups.delete(cleanup)
    },

    /** Runs every registered clean-up; one that throws does not stop the others. */
    runDisconnectCleanups(): void {
      for (const cleanup of cleanups) {
        try {
          cleanup()
        } catch {
          // A store that failed to reset must not keep the rest from resetting.
        }
      }
    },

    /** Forgets every registration (each start registers again). */
    reset() {
      cleanups.clear()
    },
  }
}

/** A Portico's clean-ups on disconnect. */
export type DisconnectCleanups = ReturnType<typeof createDisconnectCleanups>
