import { createStores, type StoreMaker, type Stores, storeOf } from '../../src/controllers/stores'

/** The set the test's store names read: the Portico's it started last, or a fresh one. */
let current: Stores = createStores()

/**
 * The stores the test runs on, as one set: always the current one, looked up on each use (what a
 * test hands to code that takes `stores`, so that it sees what the test's store names see).
 */
export const running: Stores = {
  get: (make) => current.get(make),
  reset: () => current.reset(),
}

/**
 * A store of the Portico the test runs, by name, as a test reads it (`AccountController.getAccount()`):
 * looked up on each use, so it follows `runningStores(portico.stores)` and `resetAllStores()`.
 *
 * @example
 * const AccountController = testStore(createAccountController)
 */
export function testStore<T extends object>(make: StoreMaker<T>): T {
  return storeOf(running, make)
}

/** Points the test's store names at `stores` (a harness does this with each Portico it starts). */
export function runningStores(stores: Stores): Stores {
  current = stores
  return stores
}

/** Puts every store the test has used back to its initial state (before each test). */
export function resetAllStores(): void {
  current.reset()
}
