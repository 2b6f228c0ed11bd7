import type { Locale } from '../../controllers/LocaleController'
import { compileCatalogue, type Translation } from './catalogue'
import { en, english, type EnglishCatalogue, type Strings } from './en'

type LocaleModule = { default: Translation<EnglishCatalogue> }

/** One lazy chunk per locale (this table itself loads with the first catalogue, not with the page). */
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

/** A locale's translation as written (the catalogue check reads it); `undefined` for English and the pseudo-locale. */
export async function loadTranslation(locale: Locale): Promise<Translation<EnglishCatalogue> | undefined> {
  if (locale === 'en' || locale === 'en-XA') return undefined
  return (await CATALOGUES[locale]()).default
}

/**
 * A locale's messages: its translation over the English catalogue, compiled for the locale;
 * `rtl` isolates arguments (addresses, amounts) from the text around them.
 */
export async function buildMessages(locale: Locale, rtl: boolean): Promise<Strings> {
  if (locale === 'en') return en
  if (locale === 'en-XA') return compileCatalogue(english, undefined, 'en', { text: (await import('./pseudoLocalize')).pseudoLocalize })
  return compileCatalogue(english, await loadTranslation(locale), locale, { isolate: rtl })
}
