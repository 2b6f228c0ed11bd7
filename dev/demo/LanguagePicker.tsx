import { useSnapshot } from 'valtio/react'
import { LOCALES, type Locale, createLocaleController } from '../../src/controllers/LocaleController'
import type { Portico } from '../../src/react'

/** Each locale in its own language ('Deutsch', 'العربية'); the pseudo-locale by what it is for. */
function localeName(locale: Locale): string {
  if (locale === 'en-XA') return 'Pseudo-locale (en-XA)'
  return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale
}

/**
 * The demo's language picker: switches the modal (and the page's buttons) with
 * `portico.setLocale()`, without a reload. `?lang=ar` in the address starts in a language.
 */
export function LanguagePicker({ portico }: { portico: Portico }) {
  const { locale } = useSnapshot(portico.stores.get(createLocaleController).state)
  return (
    <label>
      Language{' '}
      <select value={locale} onChange={(event) => void portico.setLocale(event.target.value)}>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code === 'en-XA' ? 'en' : code}>
            {localeName(code)}
          </option>
        ))}
      </select>
    </label>
  )
}
