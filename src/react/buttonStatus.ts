import { useSyncExternalStore } from 'react'

/**
 * What the connected button shows of the account: `full` its avatar, name (when it has one) and
 * short address; `address` the avatar and short address; `avatar` the avatar alone (the address
 * stays its accessible name).
 */
export type AccountStatus = 'full' | 'address' | 'avatar'
/** What it shows of the network: `full` icon and name, `icon` the icon alone, `name` the name alone, `none` nothing. */
export type ChainStatus = 'full' | 'icon' | 'name' | 'none'
/** One value for every width, or one below {@link SMALL_SCREEN_MAX_WIDTH} and one above. */
export type ByScreen<T> = T | { smallScreen: T; largeScreen: T }

/** Widths up to this many CSS pixels are small screens (phones). */
export const SMALL_SCREEN_MAX_WIDTH = 767
const query = `(max-width: ${SMALL_SCREEN_MAX_WIDTH}px)`

/** What {@link ConnectButton} shows by default: less on a phone, so that it fits a 320 px screen. */
export const DEFAULT_BUTTON_STATUS = {
  accountStatus: { smallScreen: 'address', largeScreen: 'full' },
  chainStatus: { smallScreen: 'icon', largeScreen: 'full' },
  showBalance: { smallScreen: false, largeScreen: true },
} as const satisfies { accountStatus: ByScreen<AccountStatus>; chainStatus: ByScreen<ChainStatus>; showBalance: ByScreen<boolean> }

/**
 * The value for the current width.
 *
 * @example
 * forScreen({ smallScreen: 'icon', largeScreen: 'full' }, true) // 'icon'
 */
export function forScreen<T>(value: ByScreen<T>, small: boolean): T {
  return typeof value === 'object' && value !== null && 'smallScreen' in value ? (small ? value.smallScreen : value.largeScreen) : value
}

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => undefined
  const list = matchMedia(query)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

/**
 * Whether the page is at most {@link SMALL_SCREEN_MAX_WIDTH} wide, following resizes. The server
 * and the hydrating render say large (the server cannot know), and the browser's width follows
 * right after hydration, so the first client render matches the server's.
 */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, () => typeof matchMedia === 'function' && matchMedia(query).matches, () => false)
}
