import { type Locale, LocaleController, localeDirection } from '../../controllers/LocaleController'
import type { Translation } from './catalogue'
import type { EnglishCatalogue, Strings } from './en'

type LocaleModule = { default: Translation<EnglishCatalogue> }

/** One lazy chunk per locale. English is a chunk of its own too, loaded with the modal's first open. */
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

const loaded = new Map<Locale, Strings>()
const loading = new Map<Locale, Promise<Strings>>()

/** A locale's translation as written (the catalogue check reads it); `undefined` for English and the pseudo-locale. */
export async function loadTranslation(locale: Locale): Promise<Translation<EnglishCatalogue> | undefined> {
  if (locale === 'en' || locale === 'en-XA') return undefined
  return (await CATALOGUES[locale]()).default
}

async function build(locale: Locale): Promise<Strings> {
  const [{ compileCatalogue }, { en, english }, translation] = await Promise.all([import('./catalogue'), import('./en'), loadTranslation(locale)])
  if (locale === 'en') return en
  if (locale === 'en-XA') return compileCatalogue(english, undefined, 'en', { text: (await import('./pseudoLocalize')).pseudoLocalize })
  return compileCatalogue(english, translation, locale, { isolate: localeDirection(locale) === 'rtl' })
}

/**
 * Loads and compiles a locale's messages once (the `LocaleController` loader); a failed load is
 * forgotten, so a later call tries again.
 */
export function loadMessages(locale: Locale): Promise<Strings> {
  let promise = loading.get(locale)
  if (!promise) {
    promise = build(locale).then(
      (messages) => {
        loaded.set(locale, messages)
        return messages
      },
      (error: unknown) => {
        loading.delete(locale)
        throw error
      },
    )
    loading.set(locale, promise)
  }
  return promise
}

/** The messages of a locale if they have loaded. */
export function loadedMessages(locale: Locale): Strings | undefined {
  return loaded.get(locale)
}

/** The messages of the locale shown now, for code outside React (snackbars); `undefined` before any has loaded. */
export function currentMessages(): Strings | undefined {
  return loaded.get(LocaleController.state.locale) ?? loaded.get('en')
}
