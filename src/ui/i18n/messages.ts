import { type Locale, createLocaleController, localeDirection } from '../../controllers/LocaleController'
import type { Strings } from './en'
import { type Stores, storeOf } from '../../controllers/stores'

const loaded = new Map<Locale, Strings>()
const loading = new Map<Locale, Promise<Strings>>()

/**
 * Loads and compiles a locale's messages once (the `LocaleController` loader); a failed load is
 * forgotten, so a later call tries again.
 */
export function loadMessages(locale: Locale): Promise<Strings> {
  let promise = loading.get(locale)
  if (!promise) {
    // The compiler, the English catalogue and the table of locale chunks load with the first catalogue.
    promise = import('./buildMessages').then(({ buildMessages }) => buildMessages(locale, localeDirection(locale) === 'rtl')).then(
      (messages) => {
        loaded.set(locale, messages)
        // Marked the way React's `use` reads a settled promise, so a render after the load
        // reads it at once instead of suspending again.
        Object.assign(promise!, { status: 'fulfilled', value: messages })
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
export function currentMessages(stores: Stores): Strings | undefined {
  const LocaleController = storeOf(stores, createLocaleController)
  return loaded.get(LocaleController.state.locale) ?? loaded.get('en')
}
