import { useEffect } from 'react'
import type { Stores } from '../controllers/stores'
import { useStores } from '../react/PorticoContext'

/** One Portico's wiring: its mounted users, its undo once wired, and the wiring under way. */
type Wiring = { users: number; stop: (() => void) | undefined; starting: Promise<void> | undefined }

/**
 * Wiring that a headless app needs only while some hook uses it (the wallet's send client, the
 * account features), for the Portico of the hook's `<HeadlessProvider>`: `load` brings the
 * wiring's chunk and gives the function that wires that Portico's stores (or nothing, when there
 * is nothing to wire); it wires with the first mounted user and unwires after the last.
 *
 * @example
 * const journey = wiredWhileMounted(() => import('../features/walletJourneyWiring').then((m) => m.wireWalletJourney))
 * function useSend() { const ready = journey.useWiring(); … await ready() }
 */
export function wiredWhileMounted(load: (stores: Stores) => Promise<((stores: Stores) => () => void) | undefined>) {
  const wirings = new WeakMap<Stores, Wiring>()
  const wiringOf = (stores: Stores): Wiring => {
    let wiring = wirings.get(stores)
    if (!wiring) wirings.set(stores, (wiring = { users: 0, stop: undefined, starting: undefined }))
    return wiring
  }
  const unwire = (stores: Stores) => {
    const wiring = wiringOf(stores)
    wiring.stop?.()
    wiring.stop = undefined
  }
  return {
    /** The hook: counts its component as a user while it is mounted; gives what resolves once the wiring is in place. */
    useWiring(): () => Promise<void> {
      const stores = useStores()
      useEffect(() => {
        const wiring = wiringOf(stores)
        wiring.users++
        wiring.starting ??= load(stores).then((wire) => {
          if (wire && wiring.users > 0 && !wiring.stop) wiring.stop = wire(stores)
        }).finally(() => {
          wiring.starting = undefined
        })
        return () => {
          wiring.users--
          if (wiring.users === 0) unwire(stores)
        }
      }, [stores])
      return () => wiringOf(stores).starting ?? Promise.resolve()
    },
    /** Undoes the wiring of `stores` now (the users that stay mounted wire again only when remounted). */
    unwire,
  }
}
