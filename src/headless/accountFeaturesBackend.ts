import type { Stores } from '../controllers/stores'

/** A Portico's backend for the account features, and the undo of the features wired for it. */
export function createAccountFeaturesBackend() {
  return { apiUrl: undefined as string | undefined, unwire: undefined as (() => void) | undefined }
}

/**
 * The backend of `portico/headless`'s Portico (of `stores`), for the account features its hooks
 * wire on demand (the modal's shell starts them itself). Set by the headless shell's start;
 * returns the undo, which also unwires features wired meanwhile. Kept apart from the hooks that
 * wire them, so that `createPortico` does not bring their code into the first load.
 *
 * @example
 * const undo = setAccountFeaturesUrl(stores, options.apiUrl)   // done by portico/headless's createPortico
 */
export function setAccountFeaturesUrl(stores: Stores, url: string | undefined): () => void {
  const backend = stores.get(createAccountFeaturesBackend)
  backend.apiUrl = url
  return () => {
    if (backend.apiUrl === url) backend.apiUrl = undefined
    backend.unwire?.()
  }
}

/** The backend to wire the account features for (none without one); `onUnset` undoes that wiring when the Portico stops. */
export function accountFeaturesBackend(stores: Stores, onUnset: () => void): string | undefined {
  const backend = stores.get(createAccountFeaturesBackend)
  backend.unwire = onUnset
  return backend.apiUrl
}
