import { useEffect } from 'react'

let users = 0
let stop: (() => void) | undefined
let starting: Promise<void> | undefined

/**
 * While a hook that sends is mounted, the wallet's send client is set (as the modal's first open
 * sets it): `wireWalletJourney`, in its own chunk, started with the first user and stopped after
 * the last.
 */
export function useWalletJourney(): void {
  useEffect(() => {
    users++
    starting ??= import('../features/walletJourneyWiring').then(({ wireWalletJourney }) => {
      if (users > 0 && !stop) stop = wireWalletJourney()
    }).finally(() => {
      starting = undefined
    })
    return () => {
      users--
      if (users > 0) return
      stop?.()
      stop = undefined
    }
  }, [])
}

/** Resolves once the send client of a mounted `useWalletJourney` is set. */
export function walletJourneyReady(): Promise<void> {
  return starting ?? Promise.resolve()
}
