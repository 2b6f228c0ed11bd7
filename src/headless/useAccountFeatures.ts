import { accountFeaturesBackend } from './accountFeaturesBackend'
import { wiredWhileMounted } from './wiredWhileMounted'

const features = wiredWhileMounted(async (stores) => {
  const url = accountFeaturesBackend(stores, () => features.unwire(stores))
  if (!url) return undefined
  const { wireAccountFeatures } = await import('../accountFeatures')
  return () => wireAccountFeatures(stores, url, { openedAlready: true })
})

/**
 * While a hook that buys is mounted in a headless app, the account features of its Portico (the
 * on-ramp and names clients, the project's remote configuration) are wired, as the modal's shell
 * wires them: `wireAccountFeatures`, in its own chunk, started with the first user and stopped
 * after the last. Nothing happens without a backend, or under the modal's Portico (which wires
 * them already). Gives what resolves once they are wired.
 */
export const useAccountFeatures: () => () => Promise<void> = features.useWiring
