import { browserLanguages, type Locale, createLocaleController, resolveLocale } from '../controllers/LocaleController'
import { loadMessages } from '../ui/i18n/messages'
import { type Stores, storeOf } from '../controllers/stores'

/**
 * Starts the modal in `locale` (the `locale` option), or in the best match for the browser's
 * `navigator.languages`. Another locale than English loads its chunk now (the page's buttons
 * show it); English loads with the modal's first open, so the first load carries no catalogue.
 * An invalid `locale` throws `LocaleError` here, so `createPortico` reports it at once.
 */
export function startLocale(stores: Stores, requested: string | readonly string[] | undefined): void {
  const LocaleController = storeOf(stores, createLocaleController)
  const locale = resolveLocale(requested ?? browserLanguages())
  LocaleController.setLoader(async (next) => void (await loadMessages(next)))
  if (locale !== 'en') LocaleController.setLocale(locale).catch((error: unknown) => console.error(error))
}

/** `portico.setLocale`: switches the modal's language without a reload; resolves to the locale shown. */
export function setLocale(stores: Stores, locale: string | readonly string[]): Promise<Locale> {
  const LocaleController = storeOf(stores, createLocaleController)
  return LocaleController.setLocale(locale)
}
