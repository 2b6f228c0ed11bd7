import { useSyncExternalStore } from 'react'

const never = () => () => undefined

/**
 * False while React hydrates server-rendered HTML (the server's snapshot), true from the render
 * right after, and true at once in an app rendered only in the browser. Components that show what
 * the browser alone knows (a connection restored from storage) show what the server showed until
 * then, so the first client render matches the server's.
 *
 * @example
 * const hydrated = useHydrated()
 * return hydrated && account.isConnected ? <Account /> : <ConnectWallet />
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false)
}
