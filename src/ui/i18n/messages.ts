import { type Locale, LocaleController, localeDirection } from '../../controllers/LocaleController'
import { compileCatalogue, type Translation } from './catalogue'
import { en, english, type EnglishCatalogue, type Strings } from './en'

type LocaleModule = { default: Translation<EnglishCatalogue> }

/** One lazy chunk per locale: nothing but English is in the first load. */
const CATALOGUES: Record<Exclude<Locale, 'en' | 'en-XA'>, () => Promise<LocaleModule>> = {
  es: () => import('./locales/es'),
  'pt-BR': () => import('./locales/pt-BR'),
  fr: () => import('./locales/fr'),
  de: () => import('./locales/de'),
  it: () => import('./locales/it'),
  ru: () => import('./locales/ru'),
  tr: () => import('./locales/tr'),
  ar: () => import('./locales/ar'),
  hi: () => import('./locales/hi'),
  ja: () => import('./locales/ja'),
  'zh-CN': () => import('./locales/zh-CN'),
  ko: () => import('./locales/ko'),
}

const loaded = new Map<Locale, Strings>([['en', en]])

/** A locale's translation as written (the catalogue check reads it); `undefined` for English and the pseudo-locale. */
export async function loadTranslation(locale: Locale): Promise<Translation<EnglishCatalogue> | undefined> {
  if (locale === 'en' || locale === 'en-XA') return undefined
  return (await CATALOGUES[locale]()).default
}

/** Loads and compiles a locale's messages once (the `LocaleController` loader). */
export async function loadMessages(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return
  if (locale === 'en-XA') {
    const { pseudoLocalize } = await import('./pseudoLocalize')
    loaded.set(locale, compileCatalogue(english, undefined, 'en', { text: pseudoLocalize }))
    return
  }
  const translation = await loadTranslation(locale)
  loaded.set(locale, compileCatalogue(english, translation, locale, { isolate: localeDirection(locale) === 'rtl' }))
}

/** The messages of a loaded locale (English until it has loaded). */
export function messagesFor(locale: Locale): Strings {
  return loaded.get(locale) ?? en
}

/** The messages of the locale shown now, for code outside React (snackbars). */
export function currentMessages(): Strings {
  return messagesFor(LocaleController.state.locale)
}
