const cleanups = new Set<() => void>()

/**
 * Clean-ups of stores that live in lazy chunks (token balances, sending). What starts such a
 * store registers its clean-up and undoes the registration when it stops (nothing registers at
 * import time); `ConnectionController` runs them all, synchronously, when an account is forgotten.
 * A chunk that never loaded holds nothing to forget, so nothing has to be imported.
 *
 * @example
 * const stop = forgetOnDisconnect(() => TokenBalancesController.reset())   // in the feature's start
 */
export function forgetOnDisconnect(cleanup: () => void): () => void {
  cleanups.add(cleanup)
  return () => void cleanups.delete(cleanup)
}

/** Runs every registered clean-up; one that throws does not stop the others. */
export function runDisconnectCleanups(): void {
  for (const cleanup of cleanups) {
    try {
      cleanup()
    } catch {
      // A store that failed to reset must not keep the rest from resetting.
    }
  }
}
