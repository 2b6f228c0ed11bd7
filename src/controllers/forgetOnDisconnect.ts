/**
 * Clean-ups of stores that live in lazy chunks (token balances, sending). A chunk registers its
 * clean-up when it loads; `ConnectionController` runs them all, synchronously, when an account is
 * forgotten. A chunk that never loaded holds nothing to forget, so nothing has to be imported.
 *
 * @example
 * forgetOnDisconnect(() => TokenBalancesController.reset())   // at the chunk's top level
 */
const cleanups = new Set<() => void>()

export function forgetOnDisconnect(cleanup: () => void): void {
  cleanups.add(cleanup)
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
