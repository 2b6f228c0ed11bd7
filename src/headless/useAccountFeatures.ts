import { accountFeaturesBackend } from './accountFeaturesBackend'
import { wiredWhileMounted } from './wiredWhileMounted'

const features = wiredWhileMounted(async () => {
  const url = accountFeaturesBackend(() => features.unwire())
  if (!url) return undefined
  const { wireAccountFeatures } = await import('../accountFeatures')
  return () => wireAccountFeatures(url, { openedAlready: true })
})

/**
 * While a hook that buys is mounted in a headless app, the account features (the on-ramp and
 * names clients, the project's remote configuration) are wired, as the modal's shell wires them:
 * `wireAccountFeatures`, in its own chunk, started with the first user and stopped after the last.
 * Nothing happens without a backend, or under the modal's Portico (which wires them already).
 */
export const useAccountFeatures: () => void = features.useWiring

/** Resolves once the account features of a mounted `useAccountFeatures` are wired. */
export const accountFeaturesReady: () => Promise<void> = features.ready
