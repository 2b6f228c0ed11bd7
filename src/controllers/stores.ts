/** Makes one store of a Portico, given that Portico's other stores. */
export type StoreMaker<T> = (stores: Stores) => T

/**
 * The stores of one Portico. `createPortico` makes a set (as wagmi's `createConfig` makes its
 * store), `<PorticoProvider>` hands it down, and each store is made on first use: a store whose
 * chunk never loads is never made, and nothing is made at import time.
 */
export type Stores = {
  /** The store `make` makes for this Portico: made on the first call, the same one after. */
  get<T>(make: StoreMaker<T>): T
  /** Puts every store made so far back to its initial state (each one with a `reset()`). */
  reset(): void
}

/**
 * A new, empty set of stores.
 *
 * @example
 * const stores = createStores()
 * stores.get(createAccountController).isConnected()   // false
 */
export function createStores(): Stores {
  const made = new Map<StoreMaker<unknown>, unknown>()
  const stores: Stores = {
    get<T>(make: StoreMaker<T>): T {
      if (!made.has(make)) made.set(make, make(stores))
      return made.get(make) as T
    },
    reset() {
      for (const store of made.values()) {
        try {
          ;(store as { reset?: () => void }).reset?.()
        } catch {
          // A store that failed to reset must not keep the rest from resetting.
        }
      }
    },
  }
  return stores
}

const FORWARDED = ['get', 'set', 'has', 'defineProperty', 'deleteProperty', 'ownKeys'] as const

/**
 * Another store of the same Portico, looked up on each use. Stores that use each other (the
 * account and the chain) can name each other when they are made, in either order, without one
 * being made before the other is complete.
 *
 * @example
 * export function createAccountController(stores: Stores) {
 *   const ChainController = storeOf(stores, createChainController)
 *   return { isConnected: () => ChainController.state.activeNamespace !== undefined }
 * }
 */
export function storeOf<T extends object>(stores: Stores, make: StoreMaker<T>): T {
  // Every operation on the name is the same one on the store (a spy put on the name goes on the store).
  const forward: Record<string, unknown> = {
    getOwnPropertyDescriptor: (_: T, key: PropertyKey) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(stores.get(make), key)
      return descriptor && { ...descriptor, configurable: true }
    },
  }
  for (const trap of FORWARDED) forward[trap] = (_: T, ...args: unknown[]) => (Reflect[trap] as (...args: unknown[]) => unknown)(stores.get(make), ...args)
  return new Proxy({} as T, forward)
}

/**
 * Several other stores of the same Portico at once (see `storeOf`), in the order of their makers.
 *
 * @example
 * const [ChainController, SiwxController] = storesOf(stores, createChainController, createSiwxController)
 */
export function storesOf<const M extends readonly StoreMaker<object>[]>(stores: Stores, ...makers: M): { [K in keyof M]: M[K] extends StoreMaker<infer T> ? T : never } {
  return makers.map((make) => storeOf(stores, make)) as { [K in keyof M]: M[K] extends StoreMaker<infer T> ? T : never }
}
