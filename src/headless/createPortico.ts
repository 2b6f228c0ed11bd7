import { subscribe } from 'valtio/vanilla'
import type { LocaleController } from '../controllers/LocaleController'
import type { ModalController } from '../controllers/ModalController'
import type { ThemeMode, ThemeVariables } from '../controllers/ThemeController'
import type { Portico, PorticoOptions } from '../Portico'
import { type PorticoShell, startPortico } from '../startPortico'
import { setAccountFeaturesUrl } from './accountFeaturesBackend'

/**
 * No modal: nothing to wire beside the theme and the language an app asks for; the account
 * features wait for a hook that needs them (`useBuy`). The language (loaded with the first
 * `setLocale`, or a `locale` option: a headless app shows Portico's words only where it chooses
 * to), the theme (the embedded wallet's frame follows it) and the modal's open state (no modal
 * draws it here, but an app that renders `<PorticoProvider>` elsewhere on the page, or reads the
 * state, keeps what it expects) load on first use.
 */
const headlessShell: PorticoShell = (stores) => {
  let language: Promise<typeof import('../features/locale')> | undefined
  let locales: LocaleController | undefined
  const loadLanguage = () =>
    (language ??= Promise.all([import('../features/locale'), import('../controllers/LocaleController')]).then(([locale, { createLocaleController }]) => {
      locale.startLocale(stores, 'en')
      locales = stores.get(createLocaleController)
      return locale
    }))
  const switchLocale = async (requested: string | readonly string[]) => (await loadLanguage()).setLocale(stores, requested)
  const setTheme = (mode: ThemeMode | undefined, variables: ThemeVariables | undefined) =>
    void import('../controllers/ThemeController').then(({ createThemeController }) => {
      const ThemeController = stores.get(createThemeController)
      if (mode) ThemeController.setThemeMode(mode)
      if (variables) ThemeController.setThemeVariables(variables)
    })
  let modal: ModalController | undefined
  const loadModal = () => import('../controllers/ModalController').then(({ createModalController }) => (modal = stores.get(createModalController)))
  return {
    wire(options) {
      if (options.themeMode || options.themeVariables) setTheme(options.themeMode, options.themeVariables)
      if (options.locale) switchLocale(options.locale).catch((error: unknown) => console.error(error))
      return () => {}
    },
    start: (options) => setAccountFeaturesUrl(stores, options.apiUrl),
    api: {
      open: (openOptions) => void loadModal().then((loaded) => loaded.open(openOptions)),
      close: () => modal?.close() ?? false,
      subscribeModal(listener) {
        let stop: (() => void) | undefined
        let stopped = false
        void loadModal().then((loaded) => {
          if (!stopped) stop = subscribe(loaded.state, () => listener({ open: loaded.state.open }))
        })
        return () => {
          stopped = true
          stop?.()
        }
      },
      setThemeMode: (mode) => setTheme(mode, undefined),
      setThemeVariables: (variables) => setTheme(undefined, variables),
      setLocale: switchLocale,
      getLocale: () => locales?.state.locale ?? 'en',
    },
  }
}

/**
 * Sets up Portico for an app that draws its own connect UI with the `portico/headless` hooks:
 * the same stores, connectors, API clients and restore as `createPortico` of `portico/react`,
 * without the modal's shell (its close rules and preloads). The account features (on-ramp, names,
 * the project's remote configuration) are wired while a hook that needs them is mounted.
 * The theme, the language and the modal's open state load on first use (`open()` draws nothing).
 *
 * @example
 * const portico = createPortico({ networks: [mainnet], apiUrl: 'https://api.example' })
 * root.render(<HeadlessProvider portico={portico}><App /></HeadlessProvider>)
 */
export function createPortico(options: PorticoOptions): Portico {
  return startPortico(options, headlessShell)
}
