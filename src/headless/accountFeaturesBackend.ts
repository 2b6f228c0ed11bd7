let apiUrl: string | undefined
let unwire: (() => void) | undefined

/**
 * The backend of `portico/headless`'s Portico, for the account features its hooks wire on demand
 * (the modal's shell starts them itself). Set by the headless shell's start; returns the undo,
 * which also unwires features wired meanwhile. Kept apart from the hooks that wire them, so that
 * `createPortico` does not bring their code into the first load.
 *
 * @example
 * const undo = setAccountFeaturesUrl(options.apiUrl)   // done by portico/headless's createPortico
 */
export function setAccountFeaturesUrl(url: string | undefined): () => void {
  apiUrl = url
  return () => {
    if (apiUrl === url) apiUrl = undefined
    unwire?.()
  }
}

/** The backend to wire the account features for (none without one); `onUnset` undoes that wiring when the Portico stops. */
export function accountFeaturesBackend(onUnset: () => void): string | undefined {
  unwire = onUnset
  return apiUrl
}
