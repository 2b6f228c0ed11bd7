import { wiredWhileMounted } from './wiredWhileMounted'

let apiUrl: string | undefined

const features = wiredWhileMounted(async () => {
  const url = apiUrl
  if (!url) return undefined
  const { wireAccountFeatures } = await import('../accountFeatures')
  return () => wireAccountFeatures(url, { openedAlready: true })
})

/**
 * The backend of `portico/headless`'s Portico, for the account features its hooks wire on demand
 * (the modal's shell starts them itself). Set by the headless shell's start; returns the undo.
 *
 * @example
 * const undo = setAccountFeaturesUrl(options.apiUrl)   // done by portico/headless's createPortico
 */
export function setAccountFeaturesUrl(url: string | undefined): () => void {
  apiUrl = url
  return () => {
    if (apiUrl === url) apiUrl = undefined
    features.unwire()
  }
}

/**
 * While a hook that buys is mounted in a headless app, the account features (the on-ramp and
 * names clients, the project's remote configuration) are wired, as the modal's shell wires them:
 * `wireAccountFeatures`, in its own chunk, started with the first user and stopped after the last.
 * Nothing happens without a backend, or under the modal's Portico (which wires them already).
 */
export const useAccountFeatures: () => void = features.useWiring

/** Resolves once the account features of a mounted `useAccountFeatures` are wired. */
export const accountFeaturesReady: () => Promise<void> = features.ready
