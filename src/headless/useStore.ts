import { useCallback, useSyncExternalStore } from 'react'
import { type Snapshot, snapshot, subscribe } from 'valtio/vanilla'

/**
 * The current snapshot of a store, re-read whenever it changes. What the headless hooks read
 * instead of valtio's `useSnapshot`: no render tracking, so an app's first load carries no
 * proxy-compare tracking code. A snapshot of an unchanged store is the same object, so a render
 * that changed nothing does not re-render.
 *
 * @example
 * const chain = useStore(ChainController.state)
 */
export function useStore<T extends object>(state: T): Snapshot<T> {
  const listen = useCallback((changed: () => void) => subscribe(state, changed), [state])
  const read = () => snapshot(state)
  return useSyncExternalStore(listen, read, read)
}
