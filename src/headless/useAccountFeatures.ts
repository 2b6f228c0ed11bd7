import { useEffect } from 'react'

let apiUrl: string | undefined
let users = 0
let stop: (() => void) | undefined
let starting: Promise<void> | undefined

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
    if (users === 0) return
    stop?.()
    stop = undefined
  }
}

/**
 * While a hook that buys is mounted in a headless app, the account features (the on-ramp and
 * names clients, the project's remote configuration) are wired, as the modal's shell wires them:
 * `wireAccountFeatures`, in its own chunk, started with the first user and stopped after the last.
 * Nothing happens without a backend, or under the modal's Portico (which wires them already).
 */
export function useAccountFeatures(): void {
  useEffect(() => {
    users++
    const url = apiUrl
    if (url) {
      starting ??= import('../accountFeatures').then(({ wireAccountFeatures }) => {
        if (users > 0 && !stop) stop = wireAccountFeatures(url, { openedAlready: true })
      }).finally(() => {
        starting = undefined
      })
    }
    return () => {
      users--
      if (users > 0) return
      stop?.()
      stop = undefined
    }
  }, [])
}

/** Resolves once the account features of a mounted `useAccountFeatures` are wired. */
export function accountFeaturesReady(): Promise<void> {
  return starting ?? Promise.resolve()
}
