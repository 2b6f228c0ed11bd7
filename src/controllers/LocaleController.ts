import { proxy } from 'valtio/vanilla'
import { PorticoError } from '../errors/PorticoError'
import { latestRun } from '../rules/latestRun'
import { storeOf } from './stores'

/** The locales the modal speaks; `en-XA` is the pseudo-locale for development (accented, stretched). */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'it', 'ru', 'tr', 'ar', 'hi', 'ja', 'zh-CN', 'ko', 'en-XA'] as const
export type Locale = (typeof LOCALES)[number]

/** Written right to left. */
const RTL: ReadonlySet<string> = new Set(['ar'])

/** The writing direction of a locale. */
export const localeDirection = (locale: Locale): 'ltr' | 'rtl' => (RTL.has(locale) ? 'rtl' : 'ltr')

/** A locale that is not a valid BCP 47 tag, or a catalogue that could not be loaded. */
export class LocaleError extends PorticoError {
  override name = 'LocaleError'
}

export type LocaleState = {
  /** The locale shown: its catalogue is loaded. */
  locale: Locale
  dir: 'ltr' | 'rtl'
}

/** Loads a locale's catalogue before it is shown; handed in by the UI (the catalogues live there). */
export type LocaleLoader = (locale: Locale) => Promise<void>

const initial = (): LocaleState => ({ locale: 'en', dir: 'ltr' })

/**
 * The best supported locale for what the visitor asks, in order of preference: the exact tag,
 * then its language with any region (`pt-PT` → `pt-BR`, `zh-TW` → `zh-CN`), then the next tag;
 * English when none matches. Tags are compared case-insensitively; invalid tags are refused.
 *
 * @example
 * resolveLocale(['fr-CA', 'en']) // 'fr'
 * resolveLocale('pt')            // 'pt-BR'
 */
export function resolveLocale(requested: string | readonly string[]): Locale {
  const tags = typeof requested === 'string' ? [requested] : requested
  for (const tag of tags) {
    if (typeof tag !== 'string') throw new LocaleError(`Invalid locale: ${String(tag)}`)
    let canonical: string
    try {
      canonical = Intl.getCanonicalLocales(tag)[0] ?? ''
    } catch {
      throw new LocaleError(`Invalid locale tag: "${tag.slice(0, 40)}"`)
    }
    const exact = LOCALES.find((locale) => locale.toLowerCase() === canonical.toLowerCase())
    if (exact) return exact
    const language = canonical.split('-')[0]!.toLowerCase()
    const sameLanguage = LOCALES.find((locale) => locale !== 'en-XA' && locale.split('-')[0] === language)
    if (sameLanguage) return sameLanguage
  }
  return 'en'
}

/** The browser's preferred languages (none outside a browser), invalid tags left out. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language]
  // A browser's own list is not the app's input: skip what is not a valid tag instead of failing.
  return languages.filter((tag) => {
    try {
      return typeof tag === 'string' && Intl.getCanonicalLocales(tag).length > 0
    } catch {
      return false
    }
  })
}

/**
 * Makes a Portico's locale store: the modal's language and writing direction.
 *
 * @example
 * LocaleController.setLoader(loadMessages) // done by createPortico
 * await LocaleController.setLocale('ar')   // state: { locale: 'ar', dir: 'rtl' }
 * await LocaleController.setLocale()       // the browser's languages (navigator.languages)
 */
export function createLocaleController() {
  let loader: LocaleLoader | undefined
  const run = latestRun()

  const LocaleController = {
    state: proxy<LocaleState>(initial()),

    setLoader(load: LocaleLoader | undefined) {
      loader = load
    },

    /**
     * Shows the modal in the best match for `requested` (default: `navigator.languages`), once its
     * catalogue has loaded; the view re-renders in place. Throws `LocaleError` for an invalid tag
     * or a catalogue that failed to load (the current locale stays). When calls overlap, the last wins.
     */
    async setLocale(requested?: string | readonly string[]): Promise<Locale> {
      const locale = resolveLocale(requested ?? browserLanguages())
      const isLatest = run.start()
      try {
        await loader?.(locale)
      } catch (cause) {
        throw new LocaleError(`Could not load the "${locale}" messages`, { cause: cause instanceof Error ? cause : new Error(String(cause)) })
      }
      if (isLatest()) Object.assign(LocaleController.state, { locale, dir: localeDirection(locale) })
      return locale
    },

    reset() {
      run.cancel()
      Object.assign(LocaleController.state, initial())
    },
  }
  return LocaleController
}

/** A Portico's locale store. */
export type LocaleController = ReturnType<typeof createLocaleController>
