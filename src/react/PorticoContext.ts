import { createContext, useContext } from 'react'
import { errorOf } from '../errors/PorticoError'
import { ENTRY_MESSAGES } from '../errors/entryMessages'
import type { StoreMaker, Stores } from '../controllers/stores'
import type { Portico } from '../createPortico'

export const PorticoContext = createContext<Portico | undefined>(undefined)

/** The instance given to `<PorticoProvider>`; throws outside of it. */
export function usePorticoInstance(): Portico {
  const portico = useContext(PorticoContext)
  if (!portico) throw errorOf(ENTRY_MESSAGES, 'outsideProvider')
  return portico
}

/**
 * The stores of the Portico given to `<PorticoProvider>` (its `portico.stores`); throws outside of it.
 *
 * @example
 * const stores = useStores()
 */
export function useStores(): Stores {
  return usePorticoInstance().stores
}

/**
 * One store of the Portico given to `<PorticoProvider>`, for a view or hook to read (`useSnapshot(X.state)`)
 * and call; throws outside of it.
 *
 * @example
 * const AccountController = useController(createAccountController)
 * const account = useSnapshot(AccountController.state)
 */
export function useController<T>(make: StoreMaker<T>): T {
  return useStores().get(make)
}

/** The stores several makers make, in order. */
export type StoresOf<M extends readonly StoreMaker<unknown>[]> = { [K in keyof M]: M[K] extends StoreMaker<infer T> ? T : never }

/**
 * Several stores of the Portico given to `<PorticoProvider>` at once, in the order of their
 * makers; throws outside of it.
 *
 * @example
 * const [AccountController, ChainController] = useControllers(createAccountController, createChainController)
 */
export function useControllers<const M extends readonly StoreMaker<unknown>[]>(...makers: M): StoresOf<M> {
  const stores = useStores()
  return makers.map((make) => stores.get(make)) as StoresOf<M>
}
