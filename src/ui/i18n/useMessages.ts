import * as React from 'react'
import { useSnapshot } from 'valtio/react'
import { createLocaleController } from '../../controllers/LocaleController'
import type { Strings } from './en'
import { loadedMessages, loadMessages } from './messages'
import { useController } from '../../react/PorticoContext'

/** React 19's `use`; React 18 takes the thrown promise itself. */
const suspendOn = <T,>(promise: Promise<T>): T => {
  const use = (React as { use?: (promise: Promise<T>) => T }).use
  if (use) return use(promise)
  throw promise
}

/**
 * The texts of the active locale, in the shape of `en` (strings, and functions for texts with
 * arguments); the view re-renders when the locale changes. Suspends while the locale's chunk
 * loads (the modal's first open, for English), so call it under a `<Suspense>`.
 *
 * @example
 * const m = useMessages()
 * return <Button>{m.connect.socialWith('Google')}</Button>
 */
export function useMessages(): Strings {
  const LocaleController = useController(createLocaleController)
  const { locale } = useSnapshot(LocaleController.state)
  // React 19's `use` must be called on every render of a component that called it once, so the
  // (cached, then settled) promise goes to it whether or not it has loaded; React 18 only needs
  // the thrown promise while loading.
  if ((React as { use?: unknown }).use) return suspendOn(loadMessages(locale))
  return loadedMessages(locale) ?? suspendOn(loadMessages(locale))
}

/**
 * The texts of the active locale if they have loaded, without waiting: for the page's own
 * buttons, which show their built-in English until then.
 */
export function useLoadedMessages(): Strings | undefined {
  const LocaleController = useController(createLocaleController)
  const { locale } = useSnapshot(LocaleController.state)
  return loadedMessages(locale)
}
