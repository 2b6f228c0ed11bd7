import { wiredWhileMounted } from './wiredWhileMounted'

const journey = wiredWhileMounted(() => import('../features/walletJourneyWiring').then((m) => m.wireWalletJourney))

/**
 * While a hook that sends is mounted, the wallet's send client is set (as the modal's first open
 * sets it): `wireWalletJourney`, in its own chunk, started with the first user and stopped after
 * the last.
 */
export const useWalletJourney: () => void = journey.useWiring

/** Resolves once the send client of a mounted `useWalletJourney` is set. */
export const walletJourneyReady: () => Promise<void> = journey.ready
