import { useSnapshot } from 'valtio/react'
import { LocaleController } from '../../controllers/LocaleController'
import type { Strings } from './en'
import { messagesFor } from './messages'

/**
 * The texts of the active locale, in the shape of `en` (strings, and functions for texts with
 * arguments); the view re-renders when the locale changes.
 *
 * @example
 * const m = useMessages()
 * return <Button>{m.connect.socialWith('Google')}</Button>
 */
export function useMessages(): Strings {
  const { locale } = useSnapshot(LocaleController.state)
  return messagesFor(locale)
}
