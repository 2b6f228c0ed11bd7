import { useSnapshot } from 'valtio/react'
import { type Locale, createLocaleController } from '../../controllers/LocaleController'
import { useController } from '../../react/PorticoContext'

/**
 * The active locale and its writing direction, for `Intl` formatting and the `lang`/`dir` attributes.
 *
 * @example
 * const { locale } = useLocale()
 * formatLocaleBalance(balance, locale)
 */
export function useLocale(): { locale: Locale; dir: 'ltr' | 'rtl' } {
  const LocaleController = useController(createLocaleController)
  const { locale, dir } = useSnapshot(LocaleController.state)
  return { locale, dir }
}
