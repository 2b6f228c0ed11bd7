import { useState } from 'react'
import type { Portico } from '../../../src/react'
import { demoHref, type DemoOptions, type SignInMode } from '../demoOptions'

/** A few of the modal's locales, each named in its own language. */
const LOCALES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'zh-CN', 'ar', 'hi']
const localeName = (code: string) => new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code

/**
 * The switches a developer wants to see: sign-in and multi-wallet are set when Portico is created,
 * so they load the lab again with the new address; the theme and the language switch in place.
 */
export function LabOptions({ portico, options, signInAvailable }: { portico: Portico; options: DemoOptions; signInAvailable: boolean }) {
  const [theme, setTheme] = useState(options.theme)
  // Only a language the developer chose goes into the address; otherwise the browser's decides.
  const [locale, setLocale] = useState(options.locale)
  const shown = locale ?? portico.getLocale()
  const reload = (next: Partial<DemoOptions>) => location.assign(demoHref('/lab', { ...options, theme, locale, ...next }))
  const changeTheme = (next: 'light' | 'dark') => {
    setTheme(next)
    portico.setThemeMode(next)
    document.body.dataset.mode = next
    history.replaceState(null, '', demoHref('/lab', { ...options, theme: next, locale }))
  }
  const changeLocale = async (next: string) => {
    setLocale(await portico.setLocale(next))
    history.replaceState(null, '', demoHref('/lab', { ...options, theme, locale: next }))
  }
  return (
    <section aria-labelledby="lab-options">
      <h2 id="lab-options">Options</h2>
      <fieldset disabled={!signInAvailable}>
        <legend>Sign-in{signInAvailable ? '' : ' (needs the local backend)'}</legend>
        {(['off', 'optional', 'required'] as SignInMode[]).map((mode) => (
          <label key={mode}>
            <input type="radio" name="signIn" value={mode} checked={options.signIn === mode} onChange={() => reload({ signIn: mode })} /> {mode[0]!.toUpperCase() + mode.slice(1)}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Modal</legend>
        <label>
          <input type="checkbox" checked={options.multiWallet} onChange={(e) => reload({ multiWallet: e.target.checked })} aria-describedby="lab-multi-wallet" /> Multi-wallet
        </label>
        <small id="lab-multi-wallet">(the project&apos;s settings on the backend must allow it too)</small>
        <label>
          Theme{' '}
          <select value={theme} onChange={(e) => changeTheme(e.target.value as 'light' | 'dark')}>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
        <label>
          Language{' '}
          <select value={shown} onChange={(e) => void changeLocale(e.target.value)}>
            {LOCALES.includes(shown) ? null : <option value={shown}>{localeName(shown)}</option>}
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {localeName(code)}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
    </section>
  )
}
