import { wiredWhileMounted } from './wiredWhileMounted'

const journey = wiredWhileMounted(() => import('../features/walletJourneyWiring').then((m) => m.wireWalletJourney))

/**
 * While a hook that sends is mounted, the wallet's send client of its Portico is set (as the
 * modal's first open sets it): `wireWalletJourney`, in its own chunk, started with the first user
 * and stopped after the last. Gives what resolves once the send client is set.
 */
export const useWalletJourney: () => () => Promise<void> = journey.useWiring
