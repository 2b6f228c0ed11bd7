import { type Locale, LocaleController, resolveLocale } from './controllers/LocaleController'
import { loadMessages } from './ui/i18n/messages'

/**
 * Starts the modal in `locale` (the `locale` option), or in the best match for the browser's
 * `navigator.languages`; the catalogue loads in its own chunk and the modal switches once it has.
 * An invalid `locale` throws `LocaleError` here, so `createPortico` reports it at once.
 */
export function startLocale(locale: string | readonly string[] | undefined): void {
  if (locale !== undefined) resolveLocale(locale)
  LocaleController.setLoader(loadMessages)
  LocaleController.setLocale(locale).catch((error: unknown) => console.error(error))
}

/** `portico.setLocale`: switches the modal's language without a reload; resolves to the locale shown. */
export function setLocale(locale: string | readonly string[]): Promise<Locale> {
  return LocaleController.setLocale(locale)
}
