import { useEffect } from 'react'

/**
 * Wiring that a headless app needs only while some hook uses it (the wallet's send client, the
 * account features): `load` brings the wiring's chunk and gives the function that wires (or
 * nothing, when there is nothing to wire); it wires with the first mounted user and unwires after
 * the last.
 *
 * @example
 * const journey = wiredWhileMounted(() => import('../features/walletJourneyWiring').then((m) => m.wireWalletJourney))
 * function useSend() { journey.useWiring(); … await journey.ready() }
 */
export function wiredWhileMounted(load: () => Promise<(() => () => void) | undefined>) {
  let users = 0
  let stop: (() => void) | undefined
  let starting: Promise<void> | undefined
  const unwire = () => {
    stop?.()
    stop = undefined
  }
  return {
    /** The hook: counts its component as a user while it is mounted. */
    useWiring(): void {
      useEffect(() => {
        users++
        starting ??= load().then((wire) => {
          if (wire && users > 0 && !stop) stop = wire()
        }).finally(() => {
          starting = undefined
        })
        return () => {
          users--
          if (users === 0) unwire()
        }
      }, [])
    },
    /** Resolves once the wiring of a mounted user is in place. */
    ready: (): Promise<void> => starting ?? Promise.resolve(),
    /** Undoes the wiring now (the users that stay mounted wire again only when remounted). */
    unwire,
  }
}
