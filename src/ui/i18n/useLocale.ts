import { useSnapshot } from 'valtio/react'
import { type Locale, LocaleController } from '../../controllers/LocaleController'

/**
 * The active locale and its writing direction, for `Intl` formatting and the `lang`/`dir` attributes.
 *
 * @example
 * const { locale } = useLocale()
 * formatLocaleBalance(balance, locale)
 */
export function useLocale(): { locale: Locale; dir: 'ltr' | 'rtl' } {
  const { locale, dir } = useSnapshot(LocaleController.state)
  return { locale, dir }
}
